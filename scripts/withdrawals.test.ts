import { describe, expect, test } from 'bun:test';
import { call, makeApp } from '../tests/helpers/app';
import { auditRows, runCommand } from '../tests/helpers/cli';
import { createOperatorUser, createPlayer } from '../tests/helpers/players';
import { systemId, walletId } from '../src/services/ledger/ledger.types';

const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';

describe('bun run withdrawals', () => {
  test('lists open withdrawals, rejects one for a named operator (credits back, the console\'s audit row), and refuses bad arguments', async () => {
    const app = await makeApp({ SANDBOX_PAYOUT_DELAY_S: '3600' });
    const p = await createPlayer(app);
    const op = await createOperatorUser(app);
    await app.deps.ledger.transfer({ debit: systemId('promotions'), credit: walletId(p.userId), amountCents: 40_000, code: 'TEST_FUNDS' });
    const ask = async () => (await call(app, 'POST', '/api/v1/withdraw/withdraw-request', { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 150, tip: 5 }, { token: p.token })).json.data.withdrawalId as string;
    const [byConsole, byCommand] = [await ask(), await ask()];
    const run = (...args: string[]) => runCommand(app, 'withdrawals', args);
    const list = run('list', '--status', 'pending');
    expect(list.code).toBe(0);
    expect(list.out).toContain(`${byCommand}\tpending\tAwaitingPayment\tBTC-CHAIN\t$150.00\ttip $5.00\t${p.email}\t${ADDRESS}`);
    expect(run('reject', byCommand, '--operator', op.email).code).toBe(2);
    expect(run('reject', byCommand, '--reason', 'Address failed our checks').code).toBe(2);
    expect(run('approve').code).toBe(2);
    expect(run('launch').code).toBe(2);
    const notOperator = run('reject', byCommand, '--operator', p.email, '--reason', 'Address failed our checks');
    expect([notOperator.code, notOperator.err]).toEqual([2, expect.stringContaining(`No operator with the e-mail ${p.email}`)]);

    const reason = 'Address failed our checks';
    expect((await call(app, 'POST', `/api/v1/admin/withdrawals/${byConsole}/reject`, { reason }, { token: op.token })).status).toBe(200);
    const rejected = run('reject', byCommand, '--operator', op.email, '--reason', reason);
    expect([rejected.code, rejected.err]).toEqual([0, '']);
    expect((await call(app, 'GET', '/api/v1/user/wallet-balance', undefined, { token: p.token })).json.walletAmount).toBe(400);
    // The same row the console wrote, naming the same operator; only the command's has no client address.
    const [a, b] = await auditRows(app, 'withdrawal.reject');
    expect([a!.targetId, b!.targetId]).toEqual([byConsole, byCommand]);
    expect({ ...b, targetId: 0, ip: 0 }).toEqual({ ...a!, targetId: 0, ip: 0 });
    expect(a!.actor).toEqual([op.userId, op.email]);
    expect([typeof a!.ip, b!.ip]).toEqual(['string', null]);

    const again = run('reject', byCommand, '--operator', op.email, '--reason', 'twice');
    expect(again.code).toBe(2);
    expect(again.err).toContain('Only an open withdrawal can be rejected.');
    expect(await auditRows(app, 'withdrawal.reject')).toHaveLength(2);
  });
});
