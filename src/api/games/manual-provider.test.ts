import { beforeAll, describe, expect, test } from 'bun:test';
import { call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { gameAccounts, moveTo, redeemFrom } from '../../../tests/helpers/games';
import { available, fund } from '../../../tests/helpers/money';
import { createOperatorUser, createPlayer, type TestPlayer } from '../../../tests/helpers/players';
import { verifyLedger } from '../../services/ledger/ledger-verify';
import { walletId } from '../../services/ledger/ledger.types';
import type { ManualProvider } from '../../services/games/manual.provider';

let app: TestApp;
let alice: TestPlayer;
let op: TestPlayer;

beforeAll(async () => {
  app = await makeApp({ GAME_PROVIDER: 'manual' });
  alice = await createPlayer(app);
  op = await createOperatorUser(app);
  await fund(app, alice.userId, 10_000);
});

const openTask = async (kind: string) => (await app.deps.games.tasks()).find((t) => t.kind === kind)!;
const held = async () => (await app.deps.ledger.balance(walletId(alice.userId))).pendingCents;
const ledgerOk = async () => expect((await verifyLedger(app.deps.database.client)).ok).toBe(true);

/** The operator's command, as an operator runs it, against this app's database and key. */
async function gamesTasks(...args: string[]) {
  const p = Bun.spawn(['node_modules/.bin/bun', 'scripts/games-tasks.ts', ...args], {
    env: { ...process.env, DATABASE_URL: app.config.DATABASE_URL, DATA_DIR: app.dir, GAME_PROVIDER: 'manual', NODE_ENV: 'test' },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  return { out, err, code };
}

describe('manual game provider: requests wait as operator tasks', () => {
  test('accounts wait for the operator; no credentials are shown until the account exists', async () => {
    const a = await gameAccounts(app, alice);
    expect(a['ultra-panda']).toMatchObject({ accountStatus: 'creating', gameCredentialId: null });
    const tasks = await app.deps.games.tasks();
    expect(tasks.map((t) => t.kind).sort()).toEqual(['create_account', 'create_account']);
    // A second read opens no second task.
    await gameAccounts(app, alice);
    expect(await app.deps.games.tasks()).toHaveLength(2);
    const blocked = await moveTo(app, alice, { gameId: 'ultra-panda', userName: `up${alice.playerId}`, amount: 1 });
    expect(blocked.status).toBe(409);
    const listed = await gamesTasks();
    expect(listed.code).toBe(0);
    expect(listed.out).toContain('create_account');
    const shown = await gamesTasks('--show', tasks[0]!.id);
    expect(shown.out).toMatch(/password to set: [a-z0-9]{8}/);
    for (const t of tasks) expect((await gamesTasks('--done', t.id, '--reference', 'BO-1', '--operator', op.email)).code).toBe(0);
    const after = await gameAccounts(app, alice);
    expect(after['ultra-panda']).toMatchObject({ accountStatus: 'active', gameBalance: null, gameCredentialId: { userName: `up${alice.playerId}` } });
    expect(after['ultra-panda'].gameCredentialId.password).toBe(shown.out.match(/password to set: (\S+)/)![1] as string);
  });

  test('a transfer holds the credits until the operator is done, then posts', async () => {
    const r = await moveTo(app, alice, { gameId: 'ultra-panda', userName: `up${alice.playerId}`, amount: 25 });
    expect(r.status).toBe(202);
    expect(r.json.message).toBe('Your transfer of $25.00 to Ultra Panda is waiting for the game. The credits are held until it completes.');
    expect(await available(app, alice.userId)).toBe(7_500);
    expect(await held()).toBe(2_500);
    // Looking it up changes nothing while the task is open.
    await app.deps.games.reconcile();
    expect(await held()).toBe(2_500);
    const task = await openTask('load');
    expect(task).toMatchObject({ gameId: 'ultra-panda', amountCents: 2_500 });
    await app.deps.games.completeTask(task.id, true);
    expect(await held()).toBe(0);
    expect(await available(app, alice.userId)).toBe(7_500);
    // Done once: a second completion changes nothing.
    await app.deps.games.completeTask(task.id, false, { note: 'late' });
    expect(await available(app, alice.userId)).toBe(7_500);
    await ledgerOk();
  });

  test('a failed task returns the held credits', async () => {
    await moveTo(app, alice, { gameId: 'vblink', userName: `vb${alice.playerId}`, amount: 10 });
    expect(await available(app, alice.userId)).toBe(6_500);
    const task = await openTask('load');
    const r = await gamesTasks('--fail', task.id, '--note', 'Back office is down.', '--operator', op.email);
    expect(r.code).toBe(0);
    expect(await available(app, alice.userId)).toBe(7_500);
    expect(await held()).toBe(0);
    const rows = (await call(app, 'GET', '/api/v1/transaction/transaction-List/TRANSFER', undefined, { token: alice.token })).json.TransactionList;
    expect(rows[0]).toMatchObject({ amount: 10, transactionStatus: 'failed' });
    await ledgerOk();
  });

  test('a redeem credits the wallet only with what the operator confirms', async () => {
    const r = await redeemFrom(app, alice, { gameId: 'ultra-panda', userName: `up${alice.playerId}`, amount: 20 });
    expect(r.status).toBe(202);
    expect(await available(app, alice.userId)).toBe(7_500);
    const task = await openTask('redeem');
    expect((await gamesTasks('--done', task.id, '--amount', '12.50', '--reference', 'UP-2', '--operator', op.email)).code).toBe(0);
    expect(await available(app, alice.userId)).toBe(8_750);
    const rows = (await call(app, 'GET', '/api/v1/transaction/transaction-List/REDEEM', undefined, { token: alice.token })).json.TransactionList;
    expect(rows[0]).toMatchObject({ amount: 12.5, transactionStatus: 'completed' });
    await ledgerOk();
  });

  test('an operator confirming more than the redeem asked for credits only what was asked', async () => {
    const before = await available(app, alice.userId);
    const r = await redeemFrom(app, alice, { gameId: 'ultra-panda', userName: `up${alice.playerId}`, amount: 20 });
    expect(r.status).toBe(202);
    const task = await openTask('redeem');
    // A typo in the back office (5000 for 50.00) must not mint credits the game never gave up.
    await app.deps.games.completeTask(task.id, true, { confirmedCents: 500_000 });
    expect(await available(app, alice.userId)).toBe(before + 2_000);
    await ledgerOk();
  });

  test('a password reset is pending (Reset Password Requested) until the operator sets it', async () => {
    const id = (await gameAccounts(app, alice))['vblink']._id;
    const r = await call(app, 'PUT', `/api/v1/game/password/request-reset/${id}`, { requestedPassword: 'Blink-777' }, { token: alice.token });
    expect(r.json).toMatchObject({ success: true, message: 'Password reset requested.', requestStatus: true });
    expect((await gameAccounts(app, alice))['vblink'].requestStatus).toBe(true);
    const again = await call(app, 'PUT', `/api/v1/game/password/request-reset/${id}`, { requestedPassword: 'Other-777' }, { token: alice.token });
    expect(again.status).toBe(409);
    const task = await openTask('set_password');
    expect(await (app.deps.gameProvider as ManualProvider).secretFor(task.ref)).toBe('Blink-777');
    await app.deps.games.completeTask(task.id, true);
    expect((await gameAccounts(app, alice))['vblink']).toMatchObject({ requestStatus: false, gameCredentialId: { password: 'Blink-777' } });
  });
});
