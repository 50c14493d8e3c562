import { dollarsToCents, formatCents } from '../../src/shared/money';
import { api } from './api';
import { walletStore } from './live-state';
import { fillWords, word } from './page-words';
import { toast } from './toast';

/** Sets the page's balance (and with it every island's `walletCents`) from an API `walletAmount` (dollars, 2 decimals). */
export function applyWalletAmount(walletAmount: unknown): void {
  const c = dollarsToCents(walletAmount);
  if (c !== null) walletStore.set(c);
}

/** Re-reads the available balance (GET /user/wallet-balance) into the page's balance. */
export async function refreshBalance(): Promise<void> {
  try {
    const r = await api<{ walletAmount: number }>('/user/wallet-balance');
    if (r.success) applyWalletAmount(r.walletAmount);
  } catch {
    // A network failure is already toasted by the API client; the next push or poll catches up.
  }
}

/** The balance shown in the header glows once, so a change that came from elsewhere (a friend's transfer) is seen. */
export function flashBalance(): void {
  if (typeof document === 'undefined') return;
  for (const el of document.querySelectorAll<HTMLElement>('[data-wallet-balance]')) {
    el.classList.remove('is-flashing');
    // Restart the animation when a second transfer arrives while the first still glows.
    void el.offsetWidth;
    el.classList.add('is-flashing');
    setTimeout(() => el.classList.remove('is-flashing'), 2_000);
  }
}

/** The English of the toast, said in the page's language (page-words.ts). */
export const RECEIVED = 'You received {amount} from {from}';

/** A P2P transfer reached this player (the `p2pReceived` push): a toast naming the amount and who sent it. */
export function announceReceived(data: unknown): void {
  const d = (data ?? {}) as { amount?: unknown; from?: unknown };
  const cents = dollarsToCents(d.amount);
  if (cents === null || typeof d.from !== 'string' || typeof document === 'undefined') return;
  toast.success(fillWords(word('received', RECEIVED), { amount: formatCents(cents), from: d.from }), { id: 'p2p-received' });
  flashBalance();
}
