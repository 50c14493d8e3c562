import { afterAll, describe, expect, test } from 'bun:test';
import { call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { fund } from '../../../tests/helpers/money';
import { submitIdentity } from '../../../tests/helpers/identity';
import { createOperatorUser, createPlayer, type TestPlayer } from '../../../tests/helpers/players';
import { verifyLedger } from '../../services/ledger/ledger-verify';
import { walletId } from '../../services/ledger/ledger.types';

// Identity thresholds under concurrent withdrawals: the check before the hold passes for every request sent at
// once; the database refuses, inside the hold's transaction, the inserts that would together pass the threshold.
const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
const apps: TestApp[] = [];
afterAll(async () => {
  for (const a of apps) await a.deps.deposits.idle();
});

async function appWith(env: Record<string, string>) {
  const a = await makeApp({ SANDBOX_PAYOUT_DELAY_S: '3600', WITHDRAWAL_MAX_OPEN: '100', WITHDRAWAL_DAILY_MAX_DOLLARS: '100000', ...env });
  apps.push(a);
  return a;
}

/** 20 requests of $100 sent at once through the route. */
async function burst(app: TestApp, p: TestPlayer) {
  const all = await Promise.all(Array.from({ length: 20 }, () =>
    call(app, 'POST', '/api/v1/withdraw/withdraw-request', { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 100, tip: 0 }, { token: p.token })));
  const held = await app.deps.database.client.execute({ sql: 'SELECT count(*) AS n, coalesce(sum(amount_cents), 0) AS cents FROM withdrawals WHERE user_id = ?', args: [p.userId] });
  return {
    ok: all.filter((r) => r.status === 200).length,
    refused: all.filter((r) => r.status !== 200),
    withdrawals: Number(held.rows[0]!.n),
    heldCents: Number(held.rows[0]!.cents),
    wallet: (await app.deps.ledger.balance(walletId(p.userId))).availableCents,
  };
}

describe('identity thresholds hold under concurrent withdrawals', () => {
  test('IDENTITY_REQUIRED_FOR=300, unverified: of 20 concurrent $100 requests exactly 3 pass, the rest ask for identity', async () => {
    const app = await appWith({ IDENTITY_REQUIRED_FOR: '300', TAX_DETAILS_THRESHOLD_DOLLARS: '100000' });
    const p = await createPlayer(app);
    await fund(app, p.userId, 500_000);
    const r = await burst(app, p);
    expect(r.ok).toBe(3);
    expect(r.refused).toHaveLength(17);
    for (const x of r.refused) {
      expect(x.status).toBe(403);
      expect(x.json).toMatchObject({ errorType: 'IDENTITY_REQUIRED', link: '/verify-identity',
        message: 'Please verify your identity before you withdraw. It takes a few minutes on the Verify your identity page.' });
    }
    expect({ withdrawals: r.withdrawals, heldCents: r.heldCents, wallet: r.wallet }).toEqual({ withdrawals: 3, heldCents: 30_000, wallet: 470_000 });
    expect((await verifyLedger(app.deps.database.client)).ok).toBe(true);
  });

  test('a verified player: the same burst all passes (the trigger refuses only without a verified identity)', async () => {
    const app = await appWith({ IDENTITY_REQUIRED_FOR: '300', TAX_DETAILS_THRESHOLD_DOLLARS: '100000' });
    const op = await createOperatorUser(app);
    const p = await createPlayer(app);
    await fund(app, p.userId, 500_000);
    await submitIdentity(app, p);
    const [s] = (await app.deps.database.client.execute({ sql: 'SELECT id FROM identity_submissions WHERE user_id = ?', args: [p.userId] })).rows;
    expect((await call(app, 'POST', `/api/v1/admin/identity/${s!.id}/approve`, { reason: 'Documents match' }, { token: op.token })).status).toBe(200);
    const r = await burst(app, p);
    expect(r.ok).toBe(20);
    expect((await verifyLedger(app.deps.database.client)).ok).toBe(true);
  });

  test('TAX_DETAILS_THRESHOLD_DOLLARS=350, no tax details: of 20 concurrent $100 requests exactly 3 pass, the rest ask for tax details', async () => {
    const app = await appWith({ IDENTITY_REQUIRED_FOR: 'none', TAX_DETAILS_THRESHOLD_DOLLARS: '350' });
    const p = await createPlayer(app);
    await fund(app, p.userId, 500_000);
    const r = await burst(app, p);
    expect(r.ok).toBe(3);
    expect(r.refused).toHaveLength(17);
    for (const x of r.refused) {
      expect(x.status).toBe(403);
      expect(x.json).toMatchObject({ errorType: 'TAX_DETAILS_REQUIRED', link: '/verify-identity' });
      expect(x.json.message).toContain('$350.00 or more in a calendar year');
    }
    expect({ withdrawals: r.withdrawals, heldCents: r.heldCents, wallet: r.wallet }).toEqual({ withdrawals: 3, heldCents: 30_000, wallet: 470_000 });
    expect((await verifyLedger(app.deps.database.client)).ok).toBe(true);
  });

  test('TAX_DETAILS_THRESHOLD_DOLLARS=300: the burst stops where the year\'s total would reach the threshold exactly', async () => {
    const app = await appWith({ IDENTITY_REQUIRED_FOR: 'none', TAX_DETAILS_THRESHOLD_DOLLARS: '300' });
    const p = await createPlayer(app);
    await fund(app, p.userId, 500_000);
    const r = await burst(app, p);
    // $100 + $100 stays under; the third would make $300, which is the threshold: refused in the hold's transaction.
    expect(r.ok).toBe(2);
    expect(r.refused.every((x) => x.status === 403 && x.json.errorType === 'TAX_DETAILS_REQUIRED')).toBe(true);
    expect({ withdrawals: r.withdrawals, heldCents: r.heldCents }).toEqual({ withdrawals: 2, heldCents: 20_000 });
    expect((await verifyLedger(app.deps.database.client)).ok).toBe(true);
  });

  test('with tax details saved the same burst all passes (the trigger refuses only without them)', async () => {
    const app = await appWith({ IDENTITY_REQUIRED_FOR: 'none', TAX_DETAILS_THRESHOLD_DOLLARS: '350' });
    const p = await createPlayer(app);
    await fund(app, p.userId, 500_000);
    expect((await call(app, 'POST', '/api/v1/identity/tax-details', { tin: '123-45-6789', confirmed: true, currentPassword: p.password }, { token: p.token })).status).toBe(200);
    const r = await burst(app, p);
    expect(r.ok).toBe(20);
    expect((await verifyLedger(app.deps.database.client)).ok).toBe(true);
  });
});
