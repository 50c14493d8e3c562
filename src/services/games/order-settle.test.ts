import { describe, expect, test } from 'bun:test';
import { makeApp, type TestApp } from '../../../tests/helpers/app';
import { rows } from '../../../tests/helpers/accounts';
import { gameAccounts, redeemFrom } from '../../../tests/helpers/games';
import { available } from '../../../tests/helpers/money';
import { createPlayer, type TestPlayer } from '../../../tests/helpers/players';
import { verifyLedger } from '../ledger/ledger-verify';
import type { GamesContext } from './games.context';
import { settleOrder } from './order-settle';
import { orderByRef } from './order-store';

// Two callers settling one redeem with different outcomes (a late answer and a look-up, say): whoever changes the
// order from pending decides it, and the money follows that decision in the same transaction.
const contextOf = (app: TestApp): GamesContext => ({
  client: app.deps.database.client, ledger: app.deps.ledger, provider: app.deps.gameProvider, cipher: app.deps.cipher, timeoutMs: 1000, now: Date.now,
});

async function pendingRedeem(app: TestApp, p: TestPlayer) {
  await gameAccounts(app, p);
  // The operator makes the game accounts (the manual provider's tasks), so the redeem waits as a task of its own.
  for (const t of await app.deps.games.tasks()) await app.deps.games.completeTask(t.id, true);
  const asked = await redeemFrom(app, p, { gameId: "ultra-panda", userName: `up${p.playerId}`, amount: 20 });
  expect([asked.status, asked.json.message]).toEqual([202, expect.anything()]);
  const [r] = await rows(app, "SELECT ref FROM game_orders WHERE user_id = ? AND status = 'pending'", [p.userId]);
  return (await orderByRef(contextOf(app), String(r!.ref)))!;
}

const historyOf = (app: TestApp, orderId: string) => rows(app, 'SELECT status FROM transactions WHERE order_id = ?', [orderId]);
const notes = (app: TestApp, userId: string) => rows(app, "SELECT type FROM notifications WHERE user_id = ? AND type LIKE 'GAME_REDEEM%'", [userId]);

describe('a redeem settled twice with different outcomes', () => {
  test('failed first: a later "done" for the same pending read credits nothing and writes nothing', async () => {
    const app = await makeApp({ GAME_PROVIDER: 'manual' });
    const p = await createPlayer(app);
    const order = await pendingRedeem(app, p);
    const ctx = contextOf(app);
    expect((await settleOrder(ctx, order, { status: 'failed', reason: 'The game has no record of this request.' })).order.status).toBe('failed');
    // The other caller read the order while it was pending.
    const late = await settleOrder(ctx, order, { status: 'done', amountCents: 2_000 });
    expect(late.order.status).toBe('failed');
    expect(late.note).toBeNull();
    expect(await available(app, p.userId)).toBe(0);
    expect((await historyOf(app, order.id)).map((r) => r.status)).toEqual(['failed']);
    expect((await notes(app, p.userId)).map((r) => r.type)).toEqual(['GAME_REDEEM_FAILED']);
    expect((await verifyLedger(app.deps.database.client)).ok).toBe(true);
  });

  test('done first: a later "failed" for the same pending read changes nothing, and tells the player nothing', async () => {
    const app = await makeApp({ GAME_PROVIDER: 'manual' });
    const p = await createPlayer(app);
    const order = await pendingRedeem(app, p);
    const ctx = contextOf(app);
    expect((await settleOrder(ctx, order, { status: 'done', amountCents: 2_000 })).order.status).toBe('completed');
    const late = await settleOrder(ctx, order, { status: 'failed', reason: 'Timed out.' });
    expect([late.order.status, late.note]).toEqual(['completed', null]);
    expect(await available(app, p.userId)).toBe(2_000);
    expect((await historyOf(app, order.id)).map((r) => r.status)).toEqual(['completed']);
    expect((await notes(app, p.userId)).map((r) => r.type)).toEqual(['GAME_REDEEM']);
  });

  test('both at once: exactly one outcome, and the wallet agrees with it', async () => {
    const app = await makeApp({ GAME_PROVIDER: 'manual' });
    const p = await createPlayer(app);
    const order = await pendingRedeem(app, p);
    const ctx = contextOf(app);
    const [a, b] = await Promise.all([
      settleOrder(ctx, order, { status: 'done', amountCents: 2_000 }),
      settleOrder(ctx, order, { status: 'failed', reason: 'Timed out.' }),
    ]);
    expect(a.order.status).toBe(b.order.status);
    expect(await available(app, p.userId)).toBe(a.order.status === 'completed' ? 2_000 : 0);
    expect(await notes(app, p.userId)).toHaveLength(1);
    expect((await verifyLedger(app.deps.database.client)).ok).toBe(true);
  });
});
