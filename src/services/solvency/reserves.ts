// The reserves printed beside a snapshot's total: what the payment provider says the store holds, in BTC and in
// cents at the rate used, with where and when it was read. They are the provider's figures, not part of the proof.
import { parseDecimal } from '../payments/btc-amount';
import { PaymentsError, type PaymentsProvider } from '../payments/payments.port';

export type ReservesLine = { btc: string; cents: number };
export type Reserves =
  | { source: 'btcpay' | 'sandbox'; sandbox: boolean; at: string; rateUsdPerBtc: string; onchain: ReservesLine; lightning: ReservesLine | null; lightningNote: string | null; totalCents: number }
  | { source: 'btcpay' | 'sandbox'; sandbox: boolean; at: string; unavailable: string };

/** BTC × USD-per-BTC in whole cents, rounded down: reserves are never shown above what they are. */
export function centsOfBtc(btc: string, rateUsdPerBtc: string): number {
  const b = parseDecimal(btc);
  const r = parseDecimal(rateUsdPerBtc);
  if (b.n < 0n || r.n < 0n) throw new RangeError('a balance or rate below zero');
  const cents = (b.n * r.n * 100n) / 10n ** BigInt(b.scale + r.scale);
  const out = Number(cents);
  if (!Number.isSafeInteger(out)) throw new RangeError('a balance out of range');
  return out;
}

export async function readReserves(payments: PaymentsProvider, now: () => number, timeoutMs = 15_000): Promise<Reserves> {
  const source = payments.name;
  const sandbox = source === 'sandbox';
  try {
    const r = await Promise.race([
      payments.reserves(),
      Bun.sleep(timeoutMs).then(() => {
        throw new PaymentsError(`no answer within ${timeoutMs / 1000} s`, 'unavailable');
      }),
    ]);
    const onchain = { btc: r.onchainConfirmedBtc, cents: centsOfBtc(r.onchainConfirmedBtc, r.rateUsdPerBtc) };
    const lightning = r.lightningBtc === null ? null : { btc: r.lightningBtc, cents: centsOfBtc(r.lightningBtc, r.rateUsdPerBtc) };
    return {
      source, sandbox, at: new Date(r.at).toISOString(), rateUsdPerBtc: r.rateUsdPerBtc, onchain, lightning, lightningNote: r.lightningNote,
      totalCents: onchain.cents + (lightning?.cents ?? 0),
    };
  } catch (e) {
    if (!(e instanceof PaymentsError) && !(e instanceof RangeError)) throw e;
    return { source, sandbox, at: new Date(now()).toISOString(), unavailable: e.message };
  }
}
