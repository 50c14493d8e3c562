import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { useDom } from '../../../tests/helpers/dom';
import { ISLAND_HANDOVER, islandProps } from '../../../islands/_client/island-events';
import { walletStore } from '../../../islands/_client/live-state';
import { createRealtime, type PushListener, type Realtime, type SocketLike } from '../../../islands/_client/socket';
import { clock } from '../../../islands/_ui/deposit-timer';
import { initDepositLive, type DepositLiveEnv } from './deposit-live';
import { initHeaderBalance } from './header-balance';
import { initLiveIslands, refreshIsland, REFRESH_DELAY_MS } from './island-refresh';
import { forgetBalance, LAST_SEEN_KEY, lastSeen } from './last-seen';

useDom('http://localhost:3000/home');

const marker = (name: string, props: unknown, root: string, prefix = 'i0-') =>
  `<div data-island="${name}" data-prefix="${prefix}" data-load="interaction" class="island"><script type="application/json">${JSON.stringify(props)}</script><div data-root="">${root}</div></div>`;

/** A page's realtime client as the boot script makes it, over a socket the test drives. */
function pageSocket() {
  let socket: SocketLike | null = null;
  const rt = createRealtime({
    url: () => 'ws://localhost:3000/ws',
    open: () => (socket = { onmessage: null, onclose: null, onerror: null, close() {} }),
    setTimer: () => 0,
    clearTimer: () => undefined,
    random: () => 0.5,
    refreshBalance: async () => undefined,
  });
  rt.start();
  return { rt, push: (event: string, data: unknown = {}) => socket!.onmessage?.({ data: JSON.stringify({ event, data }) }) };
}

/** A realtime stand-in whose pushes the test sends straight to subscribers. */
function fakeRealtime(connected = true) {
  const subs = new Map<string, Set<PushListener>>();
  const rt = {
    connected,
    subscribe(e: string, l: PushListener) {
      if (!subs.has(e)) subs.set(e, new Set());
      subs.get(e)!.add(l);
      return () => void subs.get(e)!.delete(l);
    },
  } as unknown as Realtime;
  return { rt, emit: (e: string, d: unknown = {}) => subs.get(e)?.forEach((l) => l(d)), listening: () => [...subs.values()].reduce((n, s) => n + s.size, 0) };
}

let stops: (() => void)[] = [];
beforeEach(() => {
  walletStore.set(null);
  forgetBalance();
  document.body.innerHTML = '';
});
afterEach(() => {
  stops.forEach((s) => s());
  stops = [];
});

describe('the header balance without React', () => {
  test('a push moves the balance in the server\'s HTML and the tab remembers it with the time; the island\'s props follow on hand-over', () => {
    document.body.innerHTML = marker('WalletMenu', { walletCents: 500 }, '<button type="button"><span data-wallet-balance="true">$5.00</span></button>');
    stops.push(initHeaderBalance());
    expect(walletStore.get()).toBe(500);
    const { rt, push } = pageSocket();
    stops.push(() => rt.stop());
    push('ready');
    push('amount', { walletAmount: 1234.5 });
    expect(document.querySelector('[data-wallet-balance]')!.textContent).toBe('$1,234.50');
    expect(lastSeen()?.cents).toBe(123_450);
    const m = document.querySelector<HTMLElement>('[data-island="WalletMenu"]')!;
    // The island wakes: it is handed props that match what is shown, so hydration finds no mismatch.
    m.dataset.hydrated = '';
    m.dispatchEvent(new CustomEvent(ISLAND_HANDOVER));
    expect(islandProps<{ walletCents: number }>(m)!.walletCents).toBe(123_450);
    // From then on React draws it; the plain script leaves its HTML alone.
    push('amount', { walletAmount: 1 });
    expect(document.querySelector('[data-wallet-balance]')!.textContent).toBe('$1,234.50');
    expect(walletStore.get()).toBe(100);
  });

  test('garbage pushes change nothing shown', () => {
    document.body.innerHTML = marker('WalletMenu', { walletCents: 700 }, '<span data-wallet-balance="true">$7.00</span>');
    stops.push(initHeaderBalance());
    const { rt, push } = pageSocket();
    stops.push(() => rt.stop());
    push('amount', { walletAmount: 'lots' });
    push('amount', { walletAmount: 1.234 });
    expect(document.querySelector('[data-wallet-balance]')!.textContent).toBe('$7.00');
    expect(JSON.parse(sessionStorage.getItem(LAST_SEEN_KEY)!).cents).toBe(700);
  });
});

const page = (inside: string) => `<!DOCTYPE html><html><head><style>.x{}</style></head><body><main>${inside}</main></body></html>`;
const answer = (html: string, o: { status?: number; redirected?: boolean } = {}) => async () => {
  const r = new Response(html, { status: o.status ?? 200 });
  if (o.redirected) Object.defineProperty(r, 'redirected', { value: true });
  return r;
};

describe('live islands before they wake', () => {
  const rows = (n: number) => `<table><tbody>${Array.from({ length: n }, (_, i) => `<tr><td>row ${i}</td></tr>`).join('')}</tbody></table>`;

  test('a page read again puts the island\'s new HTML and props in place; focus stays on the same element', async () => {
    document.body.innerHTML = marker('TransactionsTable', { total: 1 }, `<a id="i0-tab-ALL" href="?type=ALL">All</a>${rows(1)}`);
    document.getElementById('i0-tab-ALL')!.focus();
    const done = await refreshIsland('TransactionsTable', document, answer(page(marker('TransactionsTable', { total: 2 }, `<a id="i0-tab-ALL" href="?type=ALL">All</a>${rows(2)}`))));
    expect(done).toBe(true);
    const m = document.querySelector<HTMLElement>('[data-island="TransactionsTable"]')!;
    expect(m.querySelectorAll('tr').length).toBe(2);
    expect(islandProps(m)).toEqual({ total: 2 });
    expect(document.activeElement?.id).toBe('i0-tab-ALL');
  });

  test('nothing changes once React has it, when signed out meanwhile, on a refusal, or for another island\'s HTML', async () => {
    const cases: [string, () => Promise<Response>, boolean][] = [
      ['hydrated', answer(page(marker('TransactionsTable', { total: 9 }, rows(9)))), true],
      // Whatever a redirected answer holds, it is not this page as the player sees it.
      ['redirected to sign in', answer(page(marker('TransactionsTable', { total: 9 }, rows(9))), { redirected: true }), false],
      ['refused', answer('no', { status: 500 }), false],
      ['another prefix', answer(page(marker('TransactionsTable', { total: 9 }, rows(9), 'i7-'))), false],
      ['no such island', answer(page('<p>nothing</p>')), false],
    ];
    for (const [, get, hydrated] of cases) {
      document.body.innerHTML = marker('TransactionsTable', { total: 1 }, rows(1));
      const m = document.querySelector<HTMLElement>('[data-island="TransactionsTable"]')!;
      if (hydrated) m.dataset.hydrated = '';
      expect(await refreshIsland('TransactionsTable', document, get)).toBe(false);
      expect(m.querySelectorAll('tr').length).toBe(1);
    }
  });

  test('pushes that come together read the page once; an island React has taken is left to React', async () => {
    document.body.innerHTML = marker('TransactionsTable', {}, rows(1)) + marker('NotificationsList', {}, '<ul></ul>', 'i1-');
    const { rt, emit, listening } = fakeRealtime();
    const asked: string[] = [];
    stops.push(initLiveIslands(rt, document, async (name) => (asked.push(name), true)));
    emit('amount');
    emit('notification');
    emit('withdrawal');
    await Bun.sleep(REFRESH_DELAY_MS + 60);
    expect(asked.sort()).toEqual(['NotificationsList', 'TransactionsTable']);
    document.querySelector<HTMLElement>('[data-island="TransactionsTable"]')!.dataset.hydrated = '';
    emit('amount');
    await Bun.sleep(REFRESH_DELAY_MS + 60);
    expect(asked.length).toBe(2);
    stops.pop()!();
    expect(listening()).toBe(0);
  });
});

describe('the deposit page before its island wakes', () => {
  const NOW = Date.parse('2026-11-28T12:00:00Z');
  const props = (expiresInMs: number, extra: Record<string, unknown> = {}) => ({
    addresses: [{ method: 'lightning', address: 'lnbcrt1invoice', qrSvg: '<svg/>' }],
    deposit: { id: 'dep-1', amountCents: 5_000, status: 'pending', invoiceStatus: 'New', creditedCents: 0, processingCents: 0, expiresAt: new Date(NOW + expiresInMs).toISOString(), ...extra },
    renderedAtMs: NOW,
  });
  const payArea = (left: string) => `<p class="deposit-timer">Invoice expires in <span role="timer" class="deposit-clock">${left}</span></p>`;
  function env(now: number, answers: unknown[] = []) {
    const e = { at: now, reads: 0, refreshes: 0 };
    const out: DepositLiveEnv = {
      now: () => e.at,
      read: async () => (e.reads++, (answers.shift() as never) ?? null),
      refresh: async () => (e.refreshes++, true),
    };
    return { e, out };
  }

  test('the countdown ticks in the server\'s HTML, turns to a warning under 5 minutes and says so once to screen readers', () => {
    document.body.innerHTML = marker('DepositStatus', props(10 * 60_000), payArea('10:00'));
    const { rt } = fakeRealtime();
    const { e, out } = env(NOW + 5 * 60_000 + 10_000);
    stops.push(initDepositLive(rt, document, out));
    expect(document.querySelector('.deposit-clock')!.textContent).toBe('04:50');
    expect(document.querySelector('.deposit-timer')!.classList.contains('is-warning')).toBe(true);
    expect(document.querySelector('p.sr-only[aria-live="polite"]')!.textContent).toBe('5 minutes left to pay the invoice.');
    expect(e.reads).toBe(0);
  });

  test('on hand-over the island is given the moment the clock shows, so it draws the same countdown', () => {
    document.body.innerHTML = marker('DepositStatus', props(10 * 60_000), payArea('10:00'));
    const { rt, listening } = fakeRealtime();
    const { out } = env(NOW + 61_000);
    stops.push(initDepositLive(rt, document, out));
    const m = document.querySelector<HTMLElement>('[data-island="DepositStatus"]')!;
    m.dataset.hydrated = '';
    m.dispatchEvent(new CustomEvent(ISLAND_HANDOVER));
    expect(islandProps<{ renderedAtMs: number }>(m)!.renderedAtMs).toBe(NOW + 61_000);
    expect(document.querySelector('.deposit-clock')!.textContent).toBe(clock(9 * 60 - 1));
    // It stops listening: React's island does that now.
    expect(listening()).toBe(0);
  });

  test('a payment for this deposit reads it again and, as it moved, draws the page\'s new HTML for it; another deposit\'s is ignored', async () => {
    document.body.innerHTML = marker('DepositStatus', props(10 * 60_000), payArea('10:00'));
    const { rt, emit } = fakeRealtime();
    const paid = { data: { credited: 50, processing: 0, status: 'completed', invoiceStatus: 'Settled', payment_methods: [] } };
    const { e, out } = env(NOW + 1_000, [paid]);
    stops.push(initDepositLive(rt, document, out));
    emit('InvoicePaymentSettled', { depositId: 'someone-else', amount: 50 });
    await Bun.sleep(5);
    expect(e.reads).toBe(0);
    emit('InvoicePaymentSettled', { depositId: 'dep-1', amount: 50 });
    await Bun.sleep(5);
    expect([e.reads, e.refreshes]).toEqual([1, 1]);
  });

  test('a re-read that finds nothing new leaves the HTML as it is; one at the expiry asks for the page again', async () => {
    document.body.innerHTML = marker('DepositStatus', props(10 * 60_000), payArea('10:00'));
    const { rt, emit } = fakeRealtime();
    const same = { data: { credited: 0, processing: 0, status: 'pending', invoiceStatus: 'New', payment_methods: [{ paymentMethodId: 'BTC-LN', destination: 'lnbcrt1invoice' }] } };
    const { e, out } = env(NOW + 1_000, [same]);
    stops.push(initDepositLive(rt, document, out));
    emit('ready');
    await Bun.sleep(5);
    expect([e.reads, e.refreshes]).toEqual([1, 0]);

    document.body.innerHTML = marker('DepositStatus', props(10 * 60_000), payArea('10:00'));
    const later = env(NOW + 10 * 60_000 + 500, [same]);
    stops.push(initDepositLive(fakeRealtime().rt, document, later.out));
    await Bun.sleep(5);
    expect(document.querySelector('.deposit-clock')!.textContent).toBe('00:00');
    expect([later.e.reads, later.e.refreshes]).toEqual([1, 1]);
  });

  test('without a deposit on the page it does nothing', () => {
    document.body.innerHTML = '<form action="/deposit-bitcoin" method="post"></form>';
    const { rt, listening } = fakeRealtime();
    stops.push(initDepositLive(rt, document, env(NOW).out));
    expect(listening()).toBe(0);
  });
});
