import { PaymentsError, type StoreReserves } from '../payments.port';
import type { BtcpayClient } from './btcpay.client';

// The store's balances as Greenfield reports them (contract: stores-wallet.on-chain and lightning.store):
// the on-chain wallet overview (`btcpay.store.canviewwallet`) and the store Lightning node's balance
// (`btcpay.store.canuselightningnode`), neither among the permissions deposits and withdrawals need.

type WalletOverviewWire = { balance?: string; unconfirmedBalance?: string; confirmedBalance?: string };
type LightningBalanceWire = { onchain?: { confirmed?: string | null } | null; offchain?: { local?: string | null } | null };

/** Millisatoshi (a whole number as text) → BTC with eleven decimals. */
export function btcOfMsat(msat: string): string {
  if (!/^\d{1,30}$/.test(msat)) throw new RangeError(`not a millisatoshi amount: ${msat.slice(0, 40)}`);
  const s = msat.padStart(12, '0');
  return `${s.slice(0, -11).replace(/^0+(?=\d)/, '')}.${s.slice(-11)}`;
}

export async function readReserves(api: BtcpayClient, rate: () => Promise<string>, now: () => number = Date.now): Promise<StoreReserves> {
  const at = now();
  const wallet = await api.call<WalletOverviewWire>('GET', api.storePath('payment-methods', 'BTC-CHAIN', 'wallet'));
  if (typeof wallet?.confirmedBalance !== 'string') throw new PaymentsError('BTCPay GET store wallet: no confirmedBalance in the answer', 'unavailable');
  let lightningBtc: string | null = null;
  let lightningNote: string | null = null;
  try {
    const ln = await api.call<LightningBalanceWire>('GET', api.storePath('lightning', 'BTC', 'balance'));
    const local = ln?.offchain?.local;
    if (typeof local === 'string') lightningBtc = btcOfMsat(local);
    else lightningNote = 'The store\'s Lightning node reports no channel balance.';
  } catch (e) {
    if (!(e instanceof PaymentsError)) throw e;
    lightningNote =
      e.kind === 'not-found' ? 'The store has no Lightning node.'
      : e.status === 403 ? 'The API key may not read the Lightning balance (btcpay.store.canuselightningnode).'
      : `The Lightning balance could not be read (${e.message}).`;
  }
  return { onchainConfirmedBtc: wallet.confirmedBalance, lightningBtc, lightningNote, rateUsdPerBtc: await rate(), at };
}
