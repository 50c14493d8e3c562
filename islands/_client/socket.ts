// The browser's realtime client (DESIGN §5): one WebSocket to /ws per page, reconnecting with capped,
// jittered back-off, and polling the balance while no socket is open so the header never goes stale.
import { dollarsToCents } from '../../src/shared/money';
import { announceReceived, applyWalletAmount, refreshBalance } from './balance';
import { pageWide, paymentStore } from './live-state';

export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
export const POLL_MS = 30_000;
/** Close code a server sends when it is restarting or shutting down (RFC 6455 §7.4.1 registry: Service Restart). */
export const SERVICE_RESTART = 1012;
/** After a Service Restart, pages come back within this window, spread so they do not all arrive at once. */
export const RESTART_SPREAD_MS = 2_000;

export type PushMessage = { event: string; data: unknown };
export type PushListener = (data: unknown) => void;

/** The part of the browser's WebSocket the client uses, so tests can hand in a fake. */
export type SocketLike = {
  onmessage: ((e: { data: unknown }) => void) | null;
  onclose: ((e: { code?: number }) => void) | null;
  onerror: ((e: unknown) => void) | null;
  close(code?: number): void;
};

export type RealtimeEnv = {
  url: () => string;
  open: (url: string) => SocketLike;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (t: unknown) => void;
  random: () => number;
  refreshBalance: () => Promise<void>;
};

/**
 * Delay before reconnect attempt `attempt` (0-based): exponential from 1 s, capped at 30 s, with "equal
 * jitter" (half fixed, half random) so pages dropped together by a restart do not all return at once.
 */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

const amountCents = (data: unknown): number | null => dollarsToCents((data as { amount?: unknown } | null)?.amount);

export function createRealtime(env: RealtimeEnv) {
  const listeners = new Map<string, Set<PushListener>>();
  let socket: SocketLike | null = null;
  let ready = false;
  let started = false;
  let attempt = 0;
  let everReady = false;
  let retryTimer: unknown = null;
  let pollTimer: unknown = null;

  function emit(msg: PushMessage) {
    for (const l of listeners.get(msg.event) ?? []) {
      try {
        l(msg.data);
      } catch {
        // One island's failing listener must not stop the others.
      }
    }
  }

  /** Built-in handling: the page's balance and deposit-payment news (spec §4), kept without React (live-state.ts). */
  function apply(msg: PushMessage) {
    const data = msg.data as Record<string, unknown> | null;
    if (msg.event === 'amount') applyWalletAmount(data?.walletAmount);
    else if (msg.event === 'p2pReceived') announceReceived(data);
    else if (msg.event === 'InvoiceReceivedPayment') paymentStore.set({ processingCents: amountCents(data), settledCents: null });
    else if (msg.event === 'InvoicePaymentSettled') {
      paymentStore.set({ processingCents: null, settledCents: amountCents(data) });
      void env.refreshBalance();
    }
  }

  function onReady() {
    ready = true;
    stopPolling();
    // After a drop, pushes sent while we were away are lost: read the balance once to catch up.
    if (everReady || attempt > 0) void env.refreshBalance();
    everReady = true;
    attempt = 0;
  }

  function onMessage(raw: unknown) {
    let msg: PushMessage;
    try {
      msg = JSON.parse(String(raw));
    } catch {
      return;
    }
    if (!msg || typeof msg.event !== 'string') return;
    if (msg.event === 'ready') onReady();
    apply(msg);
    emit(msg);
  }

  function connect() {
    retryTimer = null;
    if (!started) return;
    let s: SocketLike;
    try {
      s = env.open(env.url());
    } catch {
      return reconnectLater();
    }
    socket = s;
    s.onmessage = (e) => socket === s && onMessage(e.data);
    s.onerror = () => {};
    s.onclose = (e) => {
      if (socket !== s) return;
      socket = null;
      ready = false;
      startPolling();
      // An instance going away on purpose is not a failure: come back at once (to another instance behind the
      // load balancer), without growing the back-off. Should that fail too, the usual back-off takes over.
      if (e?.code === SERVICE_RESTART && started && retryTimer === null) {
        attempt = 0;
        retryTimer = env.setTimer(connect, Math.round(env.random() * RESTART_SPREAD_MS));
        return;
      }
      reconnectLater();
    };
  }

  function reconnectLater() {
    if (!started || retryTimer !== null) return;
    retryTimer = env.setTimer(connect, backoffMs(attempt++, env.random));
  }

  function poll() {
    pollTimer = null;
    if (!started || ready) return;
    void env.refreshBalance().finally(() => {
      if (started && !ready && pollTimer === null) pollTimer = env.setTimer(poll, POLL_MS);
    });
  }

  function startPolling() {
    if (pollTimer === null && started && !ready) pollTimer = env.setTimer(poll, POLL_MS);
  }

  function stopPolling() {
    if (pollTimer !== null) env.clearTimer(pollTimer);
    pollTimer = null;
  }

  return {
    /** Idempotent: every island may call it; the page still holds one socket. */
    start() {
      if (started) return;
      started = true;
      startPolling();
      connect();
    },
    stop() {
      started = false;
      ready = false;
      stopPolling();
      if (retryTimer !== null) env.clearTimer(retryTimer);
      retryTimer = null;
      const s = socket;
      socket = null;
      s?.close(1000);
    },
    /** Listen for one push event; returns the unsubscribe function. */
    subscribe(event: string, listener: PushListener): () => void {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
      return () => void set!.delete(listener);
    },
    get connected() {
      return ready;
    },
  };
}

export type Realtime = ReturnType<typeof createRealtime>;

/**
 * The page's one realtime client, created on first use with the browser's WebSocket and timers. Page-wide: the
 * signed-in boot script starts it before any island, and an island that wakes later joins the same socket.
 */
export function realtime(): Realtime {
  return pageWide('realtime', () => createRealtime({
    url: () => `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`,
    open: (url) => new WebSocket(url) as unknown as SocketLike,
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
    random: Math.random,
    refreshBalance,
  }));
}

/** Starts the page's socket (idempotent). */
export const startRealtime = () => realtime().start();

/** Subscribes to a push event on the page's socket, starting it if needed. */
export function subscribePush(event: string, listener: PushListener): () => void {
  const r = realtime();
  r.start();
  return r.subscribe(event, listener);
}
