import { describe, expect, test } from 'bun:test';
import { call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { createPlayer, type TestPlayer } from '../../../tests/helpers/players';
import { systemId, walletId } from '../../services/ledger/ledger.types';
import { verifyLedger } from '../../services/ledger/ledger-verify';
import { sqldPath, startSqld } from '../../../tests/helpers/sqld';

const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';

async function funded(app: TestApp, dollars: number): Promise<TestPlayer> {
  const p = await createPlayer(app);
  await app.deps.ledger.transfer({ debit: systemId('promotions'), credit: walletId(p.userId), amountCents: dollars * 100, code: 'TEST_FUNDS' });
  return p;
}

/** 50 requests of $200 sent at once to one app: they overlap in the route, the limit read and the group commit. */
async function burst(app: TestApp, p: TestPlayer, n = 50, dollars = 200) {
  const all = await Promise.all(
    Array.from({ length: n }, () => call(app, 'POST', '/api/v1/withdraw/withdraw-request', { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: dollars }, { token: p.token })),
  );
  const rows = await app.deps.database.client.execute({ sql: 'SELECT count(*) AS n, coalesce(sum(amount_cents), 0) AS cents FROM withdrawals WHERE user_id = ?', args: [p.userId] });
  const history = await app.deps.database.client.execute({ sql: "SELECT count(*) AS n FROM transactions WHERE user_id = ? AND type = 'WITHDRAW'", args: [p.userId] });
  return {
    ok: all.filter((r) => r.status === 200).length,
    refused: all.filter((r) => r.status !== 200),
    withdrawals: Number(rows.rows[0]!.n),
    heldCents: Number(rows.rows[0]!.cents),
    historyRows: Number(history.rows[0]!.n),
    wallet: (await app.deps.ledger.balance(walletId(p.userId))).availableCents,
  };
}

describe('withdrawal limits hold under a burst of concurrent requests', () => {
  test('daily maximum $1,000: of 50 concurrent $200 requests on a $10,000 wallet exactly 5 pass', async () => {
    const app = await makeApp({ SANDBOX_PAYOUT_DELAY_S: '3600', WITHDRAWAL_DAILY_MAX_DOLLARS: '1000', WITHDRAWAL_MAX_OPEN: '100' });
    const p = await funded(app, 10_000);
    const r = await burst(app, p);
    expect(r.ok).toBe(5);
    expect(r.refused.every((x) => x.status === 409 && x.json.errorType === 'WITHDRAWAL_DAILY_LIMIT')).toBe(true);
    expect(r.refused[0]!.json.message).toBe('Withdrawals are limited to $1,000.00 a day. You can withdraw up to $0.00 now.');
    expect({ withdrawals: r.withdrawals, heldCents: r.heldCents, historyRows: r.historyRows, wallet: r.wallet }).toEqual({ withdrawals: 5, heldCents: 100_000, historyRows: 5, wallet: 900_000 });
    expect((await verifyLedger(app.deps.database.client)).ok).toBe(true);
  });

  test('open withdrawals at most 3: of 50 concurrent requests exactly 3 pass', async () => {
    const app = await makeApp({ SANDBOX_PAYOUT_DELAY_S: '3600', WITHDRAWAL_DAILY_MAX_DOLLARS: '100000', WITHDRAWAL_MAX_OPEN: '3' });
    const p = await funded(app, 10_000);
    const r = await burst(app, p);
    expect(r.ok).toBe(3);
    expect(r.refused.every((x) => x.status === 409 && x.json.errorType === 'WITHDRAWALS_OPEN_LIMIT')).toBe(true);
    expect(r.refused[0]!.json.message).toBe('You already have 3 withdrawals in progress. Please wait for one to finish.');
    expect({ withdrawals: r.withdrawals, heldCents: r.heldCents, historyRows: r.historyRows, wallet: r.wallet }).toEqual({ withdrawals: 3, heldCents: 60_000, historyRows: 3, wallet: 940_000 });
    expect((await verifyLedger(app.deps.database.client)).ok).toBe(true);
  });

  test('auto-approval counts the day: small requests under the threshold, together above it, wait for an operator', async () => {
    const app = await makeApp({ SANDBOX_PAYOUT_DELAY_S: '3600', WITHDRAWAL_AUTO_APPROVE_DOLLARS: '500', WITHDRAWAL_DAILY_MAX_DOLLARS: '100000', WITHDRAWAL_MAX_OPEN: '100' });
    const p = await funded(app, 10_000);
    // 10 concurrent $200 requests: $500 of auto-approval a day covers two of them; the rest wait, whatever the order.
    const r = await burst(app, p, 10);
    expect(r.ok).toBe(10);
    const states = await app.deps.database.client.execute({ sql: 'SELECT payout_state, count(*) AS n FROM withdrawals WHERE user_id = ? GROUP BY payout_state ORDER BY payout_state', args: [p.userId] });
    expect(states.rows.map((x) => [x.payout_state, Number(x.n)])).toEqual([['AwaitingApproval', 8], ['AwaitingPayment', 2]]);
    // A cancelled auto-approved one no longer counts: the next small one is approved again.
    const approved = await app.deps.database.client.execute({ sql: "SELECT id FROM withdrawals WHERE user_id = ? AND payout_state = 'AwaitingPayment' LIMIT 1", args: [p.userId] });
    await app.deps.withdrawals.reject(String(approved.rows[0]!.id), 'Test');
    const next = await call(app, 'POST', '/api/v1/withdraw/withdraw-request', { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 200 }, { token: p.token });
    expect((await app.deps.withdrawals.get(p.userId, next.json.data.withdrawalId))!.payoutState).toBe('AwaitingPayment');
    expect((await verifyLedger(app.deps.database.client)).ok).toBe(true);
  });
});

describe.skipIf(!sqldPath)('withdrawal limits on a libSQL server (sqld)', () => {
  test('the daily maximum holds there too: the database refuses the insert, and the refusal is worded the same', async () => {
    const sqld = await startSqld();
    try {
      const app = await makeApp({ DATABASE_URL: sqld.url, SANDBOX_PAYOUT_DELAY_S: '3600', WITHDRAWAL_DAILY_MAX_DOLLARS: '1000', WITHDRAWAL_MAX_OPEN: '100' });
      const p = await funded(app, 10_000);
      const r = await burst(app, p, 12);
      expect(r.ok).toBe(5);
      expect(r.refused.map((x) => [x.status, x.json.errorType])).toEqual(Array.from({ length: 7 }, () => [409, 'WITHDRAWAL_DAILY_LIMIT']));
      expect({ withdrawals: r.withdrawals, wallet: r.wallet }).toEqual({ withdrawals: 5, wallet: 900_000 });
      expect((await verifyLedger(app.deps.database.client)).ok).toBe(true);
      app.deps.database.client.close();
    } finally {
      await sqld.stop();
    }
  });
});
