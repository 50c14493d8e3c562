import { beforeAll, describe, expect, test } from 'bun:test';
import { call, makeApp, type TestApp } from '../tests/helpers/app';
import { islandDom, routeFetchTo } from '../tests/helpers/islands';
import { fund } from '../tests/helpers/money';
import { createOperatorUser, createPlayer, type TestPlayer } from '../tests/helpers/players';
import { COUNTS_EVERY_MS, watchCounts, type CountsEnv, type OpenCounts } from './_client/console-counts';
import ConsoleNav from './ConsoleNav';

const { render, screen, waitFor, cleanup } = await islandDom('http://localhost:3000/admin/players');
const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';

/** Timers and visibility in the test's hands. */
function fakeEnv(answers: (OpenCounts | null)[]) {
  const timers = new Map<number, { fn: () => void; ms: number }>();
  let id = 0;
  let shown = true;
  let onVis: () => void = () => {};
  const reads: number[] = [];
  const env: CountsEnv = {
    read: async () => (reads.push(1), answers.shift() ?? null),
    visible: () => shown,
    onVisibility: (fn) => ((onVis = fn), () => (onVis = () => {})),
    setTimer: (fn, ms) => (timers.set(++id, { fn, ms }), id),
    clearTimer: (t) => void timers.delete(t as number),
  };
  return {
    env, timers, reads,
    fire: async () => {
      const [k, t] = [...timers][0]!;
      timers.delete(k);
      t.fn();
      await Bun.sleep(0);
    },
    show: async (v: boolean) => ((shown = v), onVis(), await Bun.sleep(0)),
  };
}

describe('watchCounts', () => {
  test('reads every 15 s while shown, nothing while hidden, and at once when shown again', async () => {
    const f = fakeEnv([{ openWithdrawals: 1, openGameTasks: 0 }, null, { openWithdrawals: 3, openGameTasks: 2 }]);
    const seen: OpenCounts[] = [];
    const stop = watchCounts((c) => seen.push(c), f.env);
    expect([...f.timers.values()].map((t) => t.ms)).toEqual([COUNTS_EVERY_MS]);
    await f.fire();
    expect(seen).toEqual([{ openWithdrawals: 1, openGameTasks: 0 }]);
    await f.show(false);
    expect(f.timers.size).toBe(0);
    await f.show(true);
    // A failed read (null) keeps what the menu shows, and the next one still comes.
    expect([f.reads.length, seen.length, f.timers.size]).toEqual([2, 1, 1]);
    await f.fire();
    expect(seen.at(-1)).toEqual({ openWithdrawals: 3, openGameTasks: 2 });
    stop();
    expect(f.timers.size).toBe(0);
  });
});

describe('ConsoleNav', () => {
  let app: TestApp;
  let op: TestPlayer;
  beforeAll(async () => {
    app = await makeApp({ WITHDRAWAL_AUTO_APPROVE_DOLLARS: '50', SANDBOX_PAYOUT_DELAY_S: '3600' });
    op = await createOperatorUser(app);
  });

  test('marks the current screen, and shows a withdrawal that arrives after the page loaded', async () => {
    const fetches = routeFetchTo(app);
    fetches.jar.set('token', op.token);
    render(<ConsoleNav current="/admin/players" counts={{ openWithdrawals: 0, withdrawalsAwaitingApproval: 0, openGameTasks: 0 }} />);
    expect(screen.getByRole('link', { name: 'Players' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Withdrawals' })).toBeTruthy();
    const p = await createPlayer(app);
    await fund(app, p.userId, 50_000);
    const w = await call(app, 'POST', '/api/v1/withdraw/withdraw-request', { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 150, tip: 0 }, { token: p.token });
    expect(w.status).toBe(200);
    // The operator comes back to the tab: the menu reads the counts at once.
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => screen.getByRole('link', { name: 'Withdrawals 1 awaiting approval' }));
    expect(fetches.sent.map((s) => s.path)).toEqual(['/api/v1/admin/counts']);
    cleanup();
  });
});
