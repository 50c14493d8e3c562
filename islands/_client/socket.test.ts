import { beforeEach, describe, expect, test } from 'bun:test';
import { paymentProcessingCents, paymentSettledCents, walletCents } from './signals';
import { backoffMs, createRealtime, POLL_MS, RECONNECT_MAX_MS, RESTART_SPREAD_MS, SERVICE_RESTART, type SocketLike } from './socket';

/** A manual clock: timers run only when the test advances time. */
function fakeClock() {
  let now = 0;
  let seq = 0;
  let last = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    setTimer: (fn: () => void, ms: number) => ((last = ms), timers.set(++seq, { at: now + ms, fn }), seq),
    lastScheduledMs: () => last,
    clearTimer: (t: unknown) => void timers.delete(t as number),
    pending: () => [...timers.values()].map((t) => t.at - now).sort((a, b) => a - b),
    async advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const next = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!next) break;
        timers.delete(next[0]);
        now = next[1].at;
        next[1].fn();
        await Promise.resolve();
      }
      now = end;
    },
  };
}

class FakeSocket implements SocketLike {
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  closed = false;
  constructor(public url: string) {}
  push(event: string, data: unknown = {}) {
    this.onmessage?.({ data: JSON.stringify({ event, data }) });
  }
  drop(code = 1006) {
    this.closed = true;
    this.onclose?.({ code });
  }
  close() {
    this.closed = true;
  }
}

function setup(random = () => 0.5) {
  const clock = fakeClock();
  const sockets: FakeSocket[] = [];
  let refreshes = 0;
  const rt = createRealtime({
    url: () => 'ws://localhost:3000/ws',
    open: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    setTimer: clock.setTimer,
    clearTimer: clock.clearTimer,
    random,
    refreshBalance: async () => void refreshes++,
  });
  return { clock, sockets, rt, refreshes: () => refreshes };
}

beforeEach(() => {
  walletCents.value = null;
  paymentProcessingCents.value = null;
  paymentSettledCents.value = null;
});

describe('back-off', () => {
  test('doubles from about a second and never waits more than 30 s; jitter spreads the upper half', () => {
    expect(backoffMs(0, () => 0)).toBe(500);
    expect(backoffMs(0, () => 1)).toBe(1000);
    expect(backoffMs(3, () => 1)).toBe(8000);
    expect(backoffMs(3, () => 0)).toBe(4000);
    expect(backoffMs(20, () => 1)).toBe(RECONNECT_MAX_MS);
    expect(backoffMs(1000, () => 0)).toBe(RECONNECT_MAX_MS / 2);
  });
});

describe('realtime client', () => {
  test('one socket per page however many islands start it; pushes reach the signals and subscribers', () => {
    const { rt, sockets } = setup();
    const got: unknown[] = [];
    rt.subscribe('notification', (d) => got.push(d));
    rt.start();
    rt.start();
    expect(sockets.length).toBe(1);
    expect(sockets[0]!.url).toBe('ws://localhost:3000/ws');
    sockets[0]!.push('ready');
    sockets[0]!.push('amount', { walletAmount: 1234.5 });
    expect(walletCents.value).toBe(123450);
    sockets[0]!.push('notification', { _id: 'n1', notificationType: 'P2P_RECEIVED' });
    expect(got).toEqual([{ _id: 'n1', notificationType: 'P2P_RECEIVED' }]);
    expect(rt.connected).toBe(true);
  });

  test('payment events set processing, then settled, and re-read the balance (spec §4)', async () => {
    const { rt, sockets, refreshes } = setup();
    rt.start();
    sockets[0]!.push('ready');
    paymentSettledCents.value = 500;
    sockets[0]!.push('InvoiceReceivedPayment', { amount: 25 });
    expect(paymentProcessingCents.value).toBe(2500);
    expect(paymentSettledCents.value).toBeNull();
    sockets[0]!.push('InvoicePaymentSettled', { amount: 25.5 });
    expect(paymentSettledCents.value).toBe(2550);
    expect(paymentProcessingCents.value).toBeNull();
    expect(refreshes()).toBe(1);
  });

  test('garbage frames and unknown events change nothing', () => {
    const { rt, sockets } = setup();
    rt.start();
    sockets[0]!.onmessage?.({ data: 'not json' });
    sockets[0]!.push('amount', { walletAmount: 'lots' });
    sockets[0]!.push('amount', { walletAmount: 1.234 });
    expect(walletCents.value).toBeNull();
  });

  test('a Service Restart close (1012) reconnects within the spread window, however many drops came before, and re-reads the balance', async () => {
    const { rt, sockets, clock, refreshes } = setup(() => 0.25);
    rt.start();
    sockets[0]!.push('ready');
    // Several failures first: the usual back-off has grown.
    for (let i = 0; i < 4; i++) {
      sockets.at(-1)!.drop();
      await clock.advance(clock.lastScheduledMs());
    }
    const before = sockets.length;
    sockets.at(-1)!.push('ready');
    sockets.at(-1)!.drop(SERVICE_RESTART);
    expect(clock.lastScheduledMs()).toBe(RESTART_SPREAD_MS * 0.25);
    await clock.advance(RESTART_SPREAD_MS * 0.25);
    expect(sockets.length).toBe(before + 1);
    const refreshed = refreshes();
    sockets.at(-1)!.push('ready');
    expect(refreshes()).toBe(refreshed + 1);
    expect(rt.connected).toBe(true);
  });

  test('if the reconnect after a Service Restart fails, the usual back-off applies from its start', async () => {
    const { rt, sockets, clock } = setup(() => 1);
    rt.start();
    sockets[0]!.push('ready');
    sockets[0]!.drop(SERVICE_RESTART);
    expect(clock.lastScheduledMs()).toBe(RESTART_SPREAD_MS);
    await clock.advance(RESTART_SPREAD_MS);
    sockets.at(-1)!.drop();
    expect(clock.lastScheduledMs()).toBe(backoffMs(0, () => 1));
  });

  test('a stopped client does not come back after a Service Restart', async () => {
    const { rt, sockets, clock } = setup();
    rt.start();
    const s = sockets[0]!;
    rt.stop();
    s.onclose?.({ code: SERVICE_RESTART });
    await clock.advance(RESTART_SPREAD_MS * 10);
    expect(sockets.length).toBe(1);
  });

  test('a dropped socket reconnects with growing delays up to the cap, and the count resets once ready', async () => {
    const { rt, sockets, clock } = setup(() => 1);
    rt.start();
    sockets[0]!.push('ready');
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      sockets.at(-1)!.drop();
      // On a drop the client schedules polling first, then the reconnect.
      const delay = clock.lastScheduledMs();
      waits.push(delay);
      const before = sockets.length;
      await clock.advance(delay - 1);
      expect(sockets.length).toBe(before);
      await clock.advance(1);
      expect(sockets.length).toBe(before + 1);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    sockets.at(-1)!.push('ready');
    sockets.at(-1)!.drop();
    expect(clock.lastScheduledMs()).toBe(1000);
  });

  test('polls the balance every 30 s while no socket is open, stops once one is, and catches up after a drop', async () => {
    const { rt, sockets, clock, refreshes } = setup(() => 1);
    rt.start();
    // The server is unreachable: every attempt closes without ever becoming ready.
    await clock.advance(POLL_MS);
    expect(refreshes()).toBe(1);
    sockets.at(-1)!.drop();
    await clock.advance(POLL_MS);
    expect(refreshes()).toBe(2);
    await clock.advance(POLL_MS * 2);
    expect(refreshes()).toBe(4);
    expect(sockets.length).toBe(2);
    const before = refreshes();
    sockets.at(-1)!.push('ready');
    // Becoming ready after failures reads the balance once to catch up, then polling stops.
    expect(refreshes()).toBe(before + 1);
    await clock.advance(POLL_MS * 3);
    expect(refreshes()).toBe(before + 1);
  });

  test('stop closes the socket and cancels every timer', async () => {
    const { rt, sockets, clock, refreshes } = setup();
    rt.start();
    sockets[0]!.drop();
    rt.stop();
    expect(clock.pending()).toEqual([]);
    await clock.advance(POLL_MS * 4);
    expect(sockets.length).toBe(1);
    expect(refreshes()).toBe(0);
  });

  test('a throwing subscriber does not stop the others', () => {
    const { rt, sockets } = setup();
    const seen: string[] = [];
    rt.subscribe('notification', () => {
      throw new Error('broken island');
    });
    const off = rt.subscribe('notification', () => seen.push('second'));
    rt.start();
    sockets[0]!.push('notification', {});
    off();
    sockets[0]!.push('notification', {});
    expect(seen).toEqual(['second']);
  });
});
