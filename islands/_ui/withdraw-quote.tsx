import { m } from '../../src/i18n/paraglide/messages.js';
import { Rich } from '../../src/i18n/rich';
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
  if (!rate) return <p className="muted withdraw-quote" id={id}>{m.islands_withdraw_no_rate()}</p>;
  return (
    <p className="withdraw-quote" id={id}>
      <Rich text={m.islands_withdraw_quote_rate({ rate: formatCents(Math.round(rate * 100)) })} />
      {amountCents !== null && amountCents > 0 && (
        <>
          {' · '}
          <Rich text={m.islands_withdraw_quote_receive({ btc: btcFor(amountCents, rate) })} />
          {tipCents > 0 && <>{` · ${m.islands_withdraw_quote_total({ total: formatCents(amountCents + tipCents) })}`}</>}
          {` · ${m.islands_withdraw_quote_check()}`}
        </>
      )}
    </p>
  );
}
