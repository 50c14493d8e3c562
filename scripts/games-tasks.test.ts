import { describe, expect, test } from 'bun:test';
import { call, makeApp } from '../tests/helpers/app';
import { auditRows, runCommand } from '../tests/helpers/cli';
import { gameAccounts, moveTo } from '../tests/helpers/games';
import { available, fund } from '../tests/helpers/money';
import { createOperatorUser, createPlayer } from '../tests/helpers/players';
import { verifyLedger } from '../src/services/ledger/ledger-verify';

describe('bun run games:tasks', () => {
  test('done and fail for a named operator go through the console\'s service and leave its audit rows', async () => {
    const app = await makeApp({ GAME_PROVIDER: 'manual' });
    const p = await createPlayer(app);
    const op = await createOperatorUser(app);
    await fund(app, p.userId, 10_000);
    const run = (...args: string[]) => runCommand(app, 'games-tasks', args, { GAME_PROVIDER: 'manual' });
    const open = async () => (await call(app, 'GET', '/api/v1/admin/game-tasks?status=open', undefined, { token: op.token })).json.tasks as any[];

    // The two account tasks: one done in the console, one from the command line, with the same reference.
    await gameAccounts(app, p);
    const [first, second] = await open();
    expect((await call(app, 'POST', `/api/v1/admin/game-tasks/${first.id}/complete`, { reference: 'BO-100' }, { token: op.token })).status).toBe(200);
    expect(run('--done', second.id, '--reference', 'BO-100').code).toBe(2);
    expect(run('--done', second.id, '--operator', op.email).code).toBe(2);
    expect(run('--done', second.id, '--operator', p.email, '--reference', 'BO-100').err).toContain(`No operator with the e-mail ${p.email}`);
    const done = run('--done', second.id, '--operator', op.email, '--reference', 'BO-100');
    expect([done.code, done.err]).toEqual([0, '']);
    const [a, b] = await auditRows(app, 'game_task.complete');
    expect([a!.targetId, b!.targetId]).toEqual([first.id, second.id]);
    expect({ ...b, targetId: 0, ip: 0, before: { ...b!.before, userName: 0 } }).toEqual({ ...a!, targetId: 0, ip: 0, before: { ...a!.before, userName: 0 } });
    expect([b!.actor, b!.ip, b!.reason]).toEqual([[op.userId, op.email], null, 'BO-100']);

    // A load finished from the command line posts the held credits; a failed one returns them.
    const vblink = (await gameAccounts(app, p)).vblink.gameCredentialId.userName;
    await moveTo(app, p, { gameId: 'vblink', userName: vblink, amount: 20 });
    const load = (await open()).find((t) => t.kind === 'load');
    expect(run('--done', load.id, '--operator', op.email, '--reference', 'VB-7781').code).toBe(0);
    expect(await available(app, p.userId)).toBe(8_000);
    await moveTo(app, p, { gameId: 'vblink', userName: vblink, amount: 15 });
    const failing = (await open()).find((t) => t.kind === 'load');
    expect(run('--fail', failing.id, '--operator', op.email).code).toBe(2);
    expect(run('--fail', failing.id, '--operator', op.email, '--note', 'Back office is down').code).toBe(0);
    expect(await available(app, p.userId)).toBe(8_000);
    expect((await auditRows(app, 'game_task.fail')).map((r) => [r.targetId, r.reason, r.after.status])).toEqual([[failing.id, 'Back office is down', 'failed']]);
    const twice = run('--fail', failing.id, '--operator', op.email, '--note', 'Back office is down');
    expect([twice.code, twice.err.trim()]).toEqual([2, 'This task is already finished.']);
    expect((await verifyLedger(app.deps.database.client)).ok).toBe(true);
  });
});
