import { dollarsToCents } from '../../src/shared/money';
import { api } from './api';
import { walletCents } from './signals';

/** Sets the shared balance from an API `walletAmount` (dollars with at most two decimals). */
export function applyWalletAmount(walletAmount: unknown): void {
  const c = dollarsToCents(walletAmount);
  if (c !== null) walletCents.value = c;
}

/** Re-reads the available balance (GET /user/wallet-balance) into the shared signal. */
export async function refreshBalance(): Promise<void> {
  try {
    const r = await api<{ walletAmount: number }>('/user/wallet-balance');
    if (r.success) applyWalletAmount(r.walletAmount);
  } catch {
    // A network failure is already toasted by the API client; the next push or poll catches up.
  }
}
