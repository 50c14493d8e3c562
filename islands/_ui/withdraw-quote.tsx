import { dollarsToCents, formatCents } from '../../src/shared/money';
import { TIP_INPUT } from '../../src/shared/schemas/withdraw';

/** BTC for `cents` at `rate`, to the satoshi, rounded down (as the server computes what a payout may send). */
const btcFor = (cents: number, rate: number) => (Math.floor((cents * 1e6) / rate) / 1e8).toFixed(8);

/**
 * What the player would receive, in BTC at the current rate, and what leaves the wallet with the tip. Not a live
 * region (it changes with every keystroke, and each change would be read out): the button names it instead.
 */
export function WithdrawQuote({ id, rate, amountCents, tip }: { id: string; rate: number | null; amountCents: number | null; tip: string }) {
  // Only a tip the form accepts (whole dollars) is counted; "2.50" shows its error, not a sum.
  const tipCents = TIP_INPUT.test(tip) ? (dollarsToCents(tip || '0') ?? 0) : 0;
  if (!rate) return <p className="muted withdraw-quote" id={id}>The Bitcoin rate is shown here when it can be read.</p>;
  return (
    <p className="withdraw-quote" id={id}>
      Rate: <strong>{formatCents(Math.round(rate * 100))}</strong> per BTC
      {amountCents !== null && amountCents > 0 && (
        <>
          {' · You receive about '}
          <strong>{btcFor(amountCents, rate)} BTC</strong>
          {tipCents > 0 && <>{` · ${formatCents(amountCents + tipCents)} leaves your wallet with the tip`}</>}
          {' · You check everything before it is sent'}
        </>
      )}
    </p>
  );
}
