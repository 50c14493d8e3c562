import { describe, expect, test } from 'bun:test';
import { call, makeApp } from '../tests/helpers/app';
import { auditRows, runCommand } from '../tests/helpers/cli';
import { createOperatorUser, createPlayer } from '../tests/helpers/players';

describe('bun run freeplay:create', () => {
  test('makes a named code, or several random ones, each with the audit row the console writes for its operator', async () => {
    const app = await makeApp();
    const op = await createOperatorUser(app);
    const run = (...args: string[]) => runCommand(app, 'freeplay-create', ['--operator', op.email, ...args]);
    const one = run('--amount', '5', '--cap', '100', '--days', '30', '--code', 'welcome5');
    expect(one.code).toBe(0);
    expect(one.out).toContain('WELCOME5\t$5.00\tcap 100');
    const many = run('--amount', '2.50', '--count', '3');
    expect(many.code).toBe(0);
    expect(many.out.trim().split('\n')).toHaveLength(3);
    const rows = (await app.deps.database.client.execute('SELECT code, amount_cents, max_redemptions, expires_at FROM freeplay_codes ORDER BY code')).rows;
    expect(rows).toHaveLength(4);
    const welcome = rows.find((r) => r.code === 'WELCOME5')!;
    expect(welcome).toMatchObject({ amount_cents: 500, max_redemptions: 100 });

    const expiresAt = new Date(Number(welcome.expires_at)).toISOString();
    expect((await call(app, 'POST', '/api/v1/admin/freeplay-codes', { code: 'CONSOLE5', amount: 5, cap: 100, expiresAt }, { token: op.token })).status).toBe(201);
    const trail = await auditRows(app, 'code.create');
    expect(trail.map((r) => r.targetId).sort()).toEqual([...rows.map((r) => String(r.code)), 'CONSOLE5'].sort());
    const byCommand = trail.find((r) => r.targetId === 'WELCOME5')!;
    const byConsole = trail.find((r) => r.targetId === 'CONSOLE5')!;
    expect({ ...byCommand, targetId: 0, ip: 0 }).toEqual({ ...byConsole, targetId: 0, ip: 0 });
    expect([byCommand.actor, byCommand.ip]).toEqual([[op.userId, op.email], null]);
  });

  test('bad arguments, no operator and a duplicate code exit non-zero with a message', async () => {
    const app = await makeApp();
    const op = await createOperatorUser(app);
    const player = await createPlayer(app);
    const run = (...args: string[]) => runCommand(app, 'freeplay-create', args);
    const withOp = ['--operator', op.email];
    for (const args of [[...withOp, '--amount', '1.234'], [...withOp, '--amount', '-5'], withOp, [...withOp, '--amount', '5', '--cap', '0'], [...withOp, '--amount', '5', '--days', 'x'],
      [...withOp, '--amount', '5', '--code', 'A', '--count', '2'], [...withOp, '--amount', '5', '--code', 'no spaces!'], ['--amount', '5'], ['--operator', player.email, '--amount', '5']]) {
      const r = run(...args);
      expect([args, r.code !== 0, r.err.length > 0]).toEqual([args, true, true]);
    }
    expect(run(...withOp, '--amount', '5', '--code', 'TWICE').code).toBe(0);
    const again = run(...withOp, '--amount', '5', '--code', 'TWICE');
    expect(again.code).not.toBe(0);
    expect(again.err).toContain('The code TWICE already exists: choose another, or give none for a random one.');
    expect(await auditRows(app, 'code.create')).toHaveLength(1);
  });
});
