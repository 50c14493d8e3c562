// The deposit page before its island wakes (docs/decisions/deposit-page.md): the countdown ticks in the server's
// HTML, and what happened to the money (a payment seen, paid, expired) comes from the socket, a re-read on reconnect
// and polling while no socket is held. When the deposit's state moves, the page's HTML for it is read again from the
// server (island-refresh.ts), so every word stays where the server renders it.
import { ISLAND_HANDOVER, isHydrated, islandProps, setIslandProps } from '../../../islands/_client/island-events';
import type { Realtime } from '../../../islands/_client/socket';
import { depositPhase, payable, secondsUntil, type DepositFigures } from '../../../islands/_ui/deposit-phase';
import { clock, milestone, milestonesOf, TIMER_SECONDS, WARNING_SECONDS } from '../../../islands/_ui/deposit-timer';
import { dollarsToCents } from '../../shared/money';
import { refreshIsland } from './island-refresh';

/** While no socket can be held, the deposit is read this often (as the island does once awake). */
export const DEPOSIT_POLL_MS = 10_000;

type Props = {
  addresses: { method: string; address: string }[];
  deposit: { id: string; amountCents: number; status: string; invoiceStatus?: string | null; creditedCents: number; processingCents: number; expiresAt?: string | null };
  renderedAtMs: number;
};
type Answer = { data?: { credited: unknown; processing: unknown; status: string; invoiceStatus: string | null; payment_methods?: { paymentMethodId: string; destination: string }[] } };

export type DepositLiveEnv = {
  now: () => number;
  read: (id: string) => Promise<Answer | null>;
  refresh: (doc: Document) => Promise<boolean>;
};

const browserEnv: DepositLiveEnv = {
  now: () => Date.now(),
  read: async (id) => {
    try {
      const r = await fetch(`/api/v1/btc/deposit/${encodeURIComponent(id)}`, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
      return r.ok ? ((await r.json()) as Answer) : null;
    } catch {
      return null;
    }
  },
  refresh: (doc) => refreshIsland('DepositStatus', doc),
};

const figuresOf = (p: Props): DepositFigures => ({
  status: p.deposit.status, invoiceStatus: p.deposit.invoiceStatus ?? null, amountCents: p.deposit.amountCents,
  creditedCents: p.deposit.creditedCents, processingCents: p.deposit.processingCents, expiresAtMs: p.deposit.expiresAt ? Date.parse(p.deposit.expiresAt) : null,
});
const lightningOf = (p: Props) => p.addresses.find((a) => a.method === 'lightning')?.address ?? null;
/** What the page shows for these figures at this moment: the news, and whether anything is left to pay. */
const shownFor = (f: DepositFigures, at: number) => `${depositPhase(f, at)}/${payable(f, at)}`;

export function initDepositLive(rt: Realtime, doc: Document = document, env: DepositLiveEnv = browserEnv): () => void {
  const marker = doc.querySelector<HTMLElement>('[data-island="DepositStatus"]');
  let props = marker && islandProps<Props>(marker);
  if (!marker || !props?.deposit) return () => {};
  // spec §2: the page opens at the top (the player usually arrives from further down /home), a reload too.
  if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  doc.defaultView?.scrollTo(0, 0);

  const id = props.deposit.id;
  const win = doc.defaultView!;
  let stopped = false;
  let shownAt = props.renderedAtMs;
  let last = TIMER_SECONDS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let reading = false;
  // Screen readers hear the countdown only at its milestones, in a polite region of its own outside the island.
  const said = doc.createElement('p');
  said.className = 'sr-only';
  said.setAttribute('aria-live', 'polite');
  doc.body.append(said);

  const tick = () => {
    clearTimeout(timer);
    if (stopped || !props) return;
    const expires = figuresOf(props).expiresAtMs;
    const face = marker.querySelector<HTMLElement>('.deposit-clock');
    if (expires === null || !face) return;
    const now = env.now();
    const s = secondsUntil(expires, now);
    face.textContent = clock(s);
    face.closest('.deposit-timer')?.classList.toggle('is-warning', s <= WARNING_SECONDS);
    shownAt = now;
    // In the page's language, as the island wrote them on its root.
    const m = milestone(last, s, milestonesOf(marker.querySelector<HTMLElement>('.deposit-status')));
    if (m) said.textContent = m;
    last = s;
    // The countdown ran out: ask the server whether a payment beat it (the page then shows the expiry or the news),
    // and again a little later should that answer not come.
    if (s === 0) void reread();
    timer = setTimeout(tick, s === 0 ? DEPOSIT_POLL_MS : (expires - now) % 1000 || 1000);
  };

  async function reread() {
    if (stopped || reading || !props) return;
    reading = true;
    try {
      const a = await env.read(id);
      const d = a?.data;
      if (stopped || !d) return;
      const now = env.now();
      const was = figuresOf(props);
      const is: DepositFigures = {
        ...was, status: d.status, invoiceStatus: d.invoiceStatus ?? null,
        creditedCents: dollarsToCents(d.credited) ?? 0, processingCents: dollarsToCents(d.processing) ?? 0,
      };
      const lightning = d.payment_methods?.find((m) => m.paymentMethodId === 'BTC-LN')?.destination ?? null;
      // The HTML says what the server saw when it drew it; the clock alone moves after that.
      const moved = shownFor(was, props.renderedAtMs) !== shownFor(is, now) || is.creditedCents !== was.creditedCents || is.processingCents !== was.processingCents ||
        (lightning !== null && lightningOf(props) !== null && lightning !== lightningOf(props));
      if (moved && (await env.refresh(doc)) && !stopped) {
        props = islandProps<Props>(marker!);
        shownAt = props?.renderedAtMs ?? env.now();
        tick();
      }
    } finally {
      reading = false;
    }
  }

  const mine = (data: unknown) => (data as { depositId?: unknown } | null)?.depositId === id;
  const offs = [
    rt.subscribe('ready', () => void reread()),
    rt.subscribe('InvoiceReceivedPayment', (d) => void (mine(d) && reread())),
    rt.subscribe('InvoicePaymentSettled', (d) => void (mine(d) && reread())),
  ];
  const poll = win.setInterval(() => {
    if (!rt.connected && doc.visibilityState !== 'hidden') void reread();
  }, DEPOSIT_POLL_MS);

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    win.clearInterval(poll);
    offs.forEach((off) => off());
    said.remove();
  };
  // The island takes over: its props say the moment the clock shows, so its first render draws the same HTML.
  marker.addEventListener(ISLAND_HANDOVER, () => {
    const p = islandProps<Props>(marker);
    stop();
    if (!p) return;
    const expires = figuresOf(p).expiresAtMs;
    // Ran out but not yet re-read: the island's first render is the last second, and it finds the expiry itself.
    const at = expires !== null && shownAt >= expires && payable(figuresOf(p), p.renderedAtMs) ? expires - 1 : shownAt;
    setIslandProps(marker, { ...p, renderedAtMs: at });
    const face = marker.querySelector<HTMLElement>('.deposit-clock');
    if (face && expires !== null) face.textContent = clock(secondsUntil(expires, at));
  }, { once: true });
  if (!isHydrated(marker)) tick();
  return stop;
}
