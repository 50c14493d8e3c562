// Live parts of a signed-in page before their island wakes: on a push that changes what an island shows, the page is
// read again from the server and the island's HTML and props are replaced by the new ones. The words stay where the
// server renders them (no second copy in plain script), and the island, when it wakes, hydrates what is shown.
import { isHydrated } from '../../../islands/_client/island-events';
import type { Realtime } from '../../../islands/_client/socket';

/** Pushes that arrive together (the balance, the notification, the withdrawal) are read as one. */
export const REFRESH_DELAY_MS = 150;

/** Which pushes change what each island shows (as each island itself listens once hydrated). */
export const LIVE_ISLANDS: Readonly<Record<string, readonly string[]>> = {
  TransactionsTable: ['withdrawal', 'amount', 'InvoiceReceivedPayment', 'InvoicePaymentSettled', 'notification'],
  NotificationsList: ['notification'],
};

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * Reads this page again and puts the named island's new HTML and props in place of the old, unless React has taken
 * it over meanwhile. Returns whether it did. Focus inside it stays on the element of the same id.
 */
export async function refreshIsland(name: string, doc: Document = document, get: Fetch = (u, i) => fetch(u, i)): Promise<boolean> {
  const here = doc.querySelector<HTMLElement>(`[data-island="${name}"]`);
  if (!here || isHydrated(here)) return false;
  let html: string;
  try {
    const res = await get(doc.location.href, { headers: { accept: 'text/html' }, credentials: 'same-origin', cache: 'no-store' });
    // Signed out meanwhile (the login page) or any refusal: keep what is shown.
    if (!res.ok || res.redirected) return false;
    html = await res.text();
  } catch {
    return false;
  }
  // Only the body is parsed: the head's inline style (its hash is another page's) would be reported against this page's policy.
  const body = html.slice(Math.max(0, html.indexOf('<body')));
  const fresh = new DOMParser().parseFromString(body, 'text/html').querySelector<HTMLElement>(`[data-island="${name}"]`);
  if (!fresh || isHydrated(here) || fresh.dataset.prefix !== here.dataset.prefix) return false;
  const focused = here.contains(doc.activeElement) ? doc.activeElement?.id : undefined;
  here.replaceChildren(...[...fresh.childNodes].map((n) => doc.importNode(n, true)));
  if (focused) doc.getElementById(focused)?.focus({ preventScroll: true });
  return true;
}

/** Keeps every live island on the page current from the socket until it is hydrated. */
export function initLiveIslands(rt: Realtime, doc: Document = document, refresh = refreshIsland): () => void {
  const offs: (() => void)[] = [];
  for (const [name, events] of Object.entries(LIVE_ISLANDS)) {
    const marker = doc.querySelector<HTMLElement>(`[data-island="${name}"]`);
    if (!marker) continue;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void (isHydrated(marker) || refresh(name, doc)), REFRESH_DELAY_MS);
    };
    for (const e of events) offs.push(rt.subscribe(e, soon));
    offs.push(() => clearTimeout(timer));
  }
  return () => offs.forEach((off) => off());
}
