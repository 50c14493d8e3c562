// The console menu's open counts, kept live by asking the server every 15 s while the tab is on screen. Polling
// and not a push: the counts change from many places (players' withdrawals, BTCPay's webhooks, the sync jobs,
// game tasks, other operators), and a cheap read catches every one of them; a hidden tab asks nothing.

export const COUNTS_EVERY_MS = 15_000;

/** withdrawalsAwaitingApproval: the open withdrawals an operator still has to decide (approved ones are BTCPay's to send). */
export type OpenCounts = { openWithdrawals: number; withdrawalsAwaitingApproval?: number; openGameTasks: number; openIdentity?: number; openCases?: number };

export type CountsEnv = {
  read: () => Promise<OpenCounts | null>;
  visible: () => boolean;
  /** Calls back whenever the tab is shown or hidden; returns the unsubscribe function. */
  onVisibility: (fn: () => void) => () => void;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (t: unknown) => void;
};

const isCounts = (v: unknown): v is OpenCounts =>
  !!v && typeof (v as OpenCounts).openWithdrawals === 'number' && typeof (v as OpenCounts).openGameTasks === 'number';

/** GET /api/v1/admin/counts; any failure (offline, signed out) is null and the menu keeps what it shows. */
async function readCounts(): Promise<OpenCounts | null> {
  try {
    const r = await fetch('/api/v1/admin/counts', { credentials: 'same-origin', headers: { accept: 'application/json' } });
    const data = r.ok ? (await r.json())?.data : null;
    return isCounts(data) ? data : null;
  } catch {
    return null;
  }
}

const browserEnv = (): CountsEnv => ({
  read: readCounts,
  visible: () => document.visibilityState === 'visible',
  onVisibility: (fn) => {
    document.addEventListener('visibilitychange', fn);
    return () => document.removeEventListener('visibilitychange', fn);
  },
  setTimer: (fn, ms) => setTimeout(fn, ms),
  clearTimer: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
});

/**
 * Reads the counts every `COUNTS_EVERY_MS` while the tab is visible, and at once when it is shown again (what
 * changed while it was hidden shows without waiting). Returns the function that stops it.
 */
export function watchCounts(onCounts: (c: OpenCounts) => void, env: CountsEnv = browserEnv()): () => void {
  let timer: unknown = null;
  let stopped = false;
  const cancel = () => {
    if (timer !== null) env.clearTimer(timer);
    timer = null;
  };
  const schedule = () => {
    cancel();
    if (!stopped && env.visible()) timer = env.setTimer(tick, COUNTS_EVERY_MS);
  };
  async function tick() {
    timer = null;
    const c = await env.read();
    if (stopped) return;
    if (c) onCounts(c);
    schedule();
  }
  const off = env.onVisibility(() => (env.visible() ? void tick() : cancel()));
  schedule();
  return () => {
    stopped = true;
    cancel();
    off();
  };
}
