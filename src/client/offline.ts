// The offline page's script (src/pwa/offline-page.tsx): the balance last seen in this tab, with the time it was
// seen, and only if there is one; and the page tries again by itself once the connection is back.
import { formatCents } from '../shared/money';
import { lastSeen } from './live/last-seen';

export function showLastSeen(doc: Document = document, store: Storage | undefined = globalThis.sessionStorage, today = new Date()): boolean {
  const seen = lastSeen(store);
  const box = doc.querySelector<HTMLElement>('[data-last-seen]');
  const at = doc.querySelector<HTMLTimeElement>('[data-seen-at]');
  const amount = doc.querySelector<HTMLElement>('[data-seen-amount]');
  if (!seen || !box || !at || !amount) return false;
  const when = new Date(seen.at);
  const sameDay = when.toDateString() === today.toDateString();
  at.dateTime = when.toISOString();
  at.textContent = when.toLocaleString('en-US', sameDay ? { hour: 'numeric', minute: '2-digit' } : { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
  amount.textContent = formatCents(seen.cents);
  box.hidden = false;
  return true;
}

if (typeof document !== 'undefined' && document.querySelector('[data-last-seen]')) {
  showLastSeen();
  // Back online: the page the player asked for, at the same address.
  addEventListener('online', () => location.reload(), { once: true });
}
