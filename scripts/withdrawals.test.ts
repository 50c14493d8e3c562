import { describe, expect, test } from 'bun:test';
import { resolve } from 'node:path';
import { call, makeApp } from '../tests/helpers/app';
import { createPlayer } from '../tests/helpers/players';
import { systemId, walletId } from '../src/services/ledger/ledger.types';

const root = resolve(import.meta.dir, '..');
const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';

describe('bun run withdrawals', () => {
  test('lists open withdrawals, rejects one with a reason (credits back), and refuses bad arguments', async () => {
    const app = await makeApp({ SANDBOX_PAYOUT_DELAY_S: '3600' });
    const p = await createPlayer(app);
    await app.deps.ledger.transfer({ debit: systemId('promotions'), credit: walletId(p.userId), amountCents: 20_000, code: 'TEST_FUNDS' });
    const w = (await call(app, 'POST', '/api/v1/withdraw/withdraw-request', { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 150, tip: 5 }, { token: p.token })).json.data;
    const env = { ...process.env, DATABASE_URL: app.config.DATABASE_URL, DATA_DIR: app.dir, NODE_ENV: 'test' };
    const run = (...args: string[]) => {
      const r = Bun.spawnSync([process.execPath, 'scripts/withdrawals.ts', ...args], { cwd: root, env });
      return { code: r.exitCode, out: r.stdout.toString(), err: r.stderr.toString() };
    };
    const list = run('list', '--status', 'pending');
    expect(list.code).toBe(0);
    expect(list.out).toContain(`${w.withdrawalId}\tpending\tAwaitingPayment\tBTC-CHAIN\t$150.00\ttip $5.00\t${p.email}\t${ADDRESS}`);
    expect(run('reject', w.withdrawalId).code).toBe(2);
    expect(run('approve').code).toBe(2);
    expect(run('launch').code).toBe(2);
    const rejected = run('reject', w.withdrawalId, '--reason', 'Address failed our checks');
    expect(rejected.code).toBe(0);
    expect((await call(app, 'GET', '/api/v1/user/wallet-balance', undefined, { token: p.token })).json.walletAmount).toBe(200);
    const again = run('reject', w.withdrawalId, '--reason', 'twice');
    expect(again.code).toBe(2);
    expect(again.err).toContain('Only an open withdrawal can be rejected.');
  });
});
