import type { Client } from '@libsql/client';
import { formatSats, satsOf } from '../btc-amount';
import type { Payout, StoreReserves } from '../payments.port';
import type { SandboxInvoice } from './sandbox-invoice';

/**
 * What a store wallet would hold had the sandbox's payments been real: every settled payment in, every payout that
 * left (in progress or completed) out, on-chain and Lightning apart. Labelled as sandbox wherever it is shown.
 */
export async function sandboxReserves(client: Client, rate: string, now: number): Promise<StoreReserves> {
  const [invoices, payouts] = await client.batch(['SELECT body FROM sandbox_invoices', 'SELECT body FROM sandbox_payouts'], 'read');
  const sats = { 'BTC-CHAIN': 0n, 'BTC-LN': 0n };
  for (const row of invoices!.rows) {
    const s = JSON.parse(String(row.body)) as SandboxInvoice;
    for (const m of s.methods) for (const p of m.payments) if (p.status === 'Settled') sats[m.paymentMethodId] += satsOf(p.value);
  }
  for (const row of payouts!.rows) {
    const p = JSON.parse(String(row.body)) as Payout;
    if ((p.state === 'InProgress' || p.state === 'Completed') && p.payoutAmount) sats[p.payoutMethodId] -= satsOf(p.payoutAmount);
  }
  const clamp = (n: bigint) => formatSats(n < 0n ? 0n : n);
  return { onchainConfirmedBtc: clamp(sats['BTC-CHAIN']), lightningBtc: clamp(sats['BTC-LN']), lightningNote: null, rateUsdPerBtc: rate, at: now };
}
