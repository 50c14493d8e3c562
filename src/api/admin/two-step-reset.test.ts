import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { BASE, call, page, type TestApp } from '../../../tests/helpers/app';
import { createOperatorUser, createPlayer, formTokenOf, type TestPlayer } from '../../../tests/helpers/players';
import { makeClockedApp, testClock, turnOnTwoStep } from '../../../tests/helpers/two-step';
import type { TwoStepEvent } from '../../services/auth/two-step';

const clock = testClock();
let app: TestApp;
let op: TestPlayer;
const events: TwoStepEvent[] = [];
beforeAll(async () => {
  app = await makeClockedApp(clock, {}, { securityEvent: (e) => void events.push(e) });
  op = await createOperatorUser(app);
});
afterAll(() => app.deps.database.client.close());

const admin = (who: TestPlayer, method: string, path: string, body?: unknown) => call(app, method, `/api/v1/admin${path}`, body, { token: who.token });
const audit = async (targetId: string) =>
  (await app.deps.database.client.execute({ sql: "SELECT * FROM audit_log WHERE action = 'player.two_step_reset' AND target_id = ?", args: [targetId] })).rows;
const login = (p: TestPlayer) => call(app, 'POST', '/api/v1/login', { email: p.email, password: p.password });

describe('operator reset of two-step verification', () => {
  test('turns it off with a reason, in one audited step; the player signs in with the password alone', async () => {
    const p = await createPlayer(app);
    await turnOnTwoStep(app, p, clock.t);
    expect((await admin(op, 'GET', `/players/${p.userId}/2fa`)).json.data).toEqual({ enabled: true });
    expect((await login(p)).json.errorType).toBe('TOTP_REQUIRED');
    const noReason = await admin(op, 'POST', `/players/${p.userId}/2fa/reset`, {});
    expect(noReason.status).toBe(400);
    expect(noReason.json.errors[0].field).toBe('reason');
    expect((await login(p)).json.errorType).toBe('TOTP_REQUIRED');
    const r = await admin(op, 'POST', `/players/${p.userId}/2fa/reset`, { reason: 'lost phone, ID checked' });
    expect(r.status).toBe(200);
    expect((await login(p)).status).toBe(200);
    expect(events.filter((e) => e.userId === p.userId && e.type === 'TOTP_DISABLED')).toEqual([{ type: 'TOTP_DISABLED', userId: p.userId, byOperator: op.email }]);
    const rows = await audit(p.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_id: op.userId, actor_email: op.email, reason: 'lost phone, ID checked' });
    expect(JSON.parse(String(rows[0]!.before))).toEqual({ twoStep: true, recoveryCodesLeft: 10 });
    expect(JSON.parse(String(rows[0]!.after))).toEqual({ twoStep: false });
    const count = await app.deps.database.client.execute({ sql: 'SELECT (SELECT count(*) FROM user_totp WHERE user_id = ?1) + (SELECT count(*) FROM totp_recovery_codes WHERE user_id = ?1) AS n', args: [p.userId] });
    expect(Number(count.rows[0]!.n)).toBe(0);
    // Off already: a second reset is a 409 and writes no second audit row.
    expect((await admin(op, 'POST', `/players/${p.userId}/2fa/reset`, { reason: 'again please' })).json.errorType).toBe('TOTP_NOT_ON');
    expect(await audit(p.userId)).toHaveLength(1);
  });

  test('a player cannot call it, not even on their own account; an unknown player is a 404', async () => {
    const p = await createPlayer(app);
    await turnOnTwoStep(app, p, clock.t);
    expect((await admin(p, 'POST', `/players/${p.userId}/2fa/reset`, { reason: 'let me in' })).status).toBe(403);
    expect((await call(app, 'POST', `/api/v1/admin/players/${p.userId}/2fa/reset`, { reason: 'let me in' })).status).toBe(401);
    expect((await login(p)).json.errorType).toBe('TOTP_REQUIRED');
    expect((await admin(op, 'POST', '/players/nobody/2fa/reset', { reason: 'no such player' })).status).toBe(404);
  });

  test("the console's player page shows it and resets it through a plain form with the confirmation tick", async () => {
    const p = await createPlayer(app);
    await turnOnTwoStep(app, p, clock.t);
    const html = await (await page(app, `/admin/players/${p.userId}`, { cookie: `token=${op.token}` })).text();
    expect(html).toContain('<dt>Two-step</dt><dd>On</dd>');
    expect(html).toContain('value="reset2fa"');
    const post = (fields: Record<string, string>) =>
      app.handle(new Request(`${BASE}/admin/players/${p.userId}`, {
        method: 'POST', redirect: 'manual',
        headers: { cookie: `token=${op.token}`, 'content-type': 'application/x-www-form-urlencoded', origin: BASE },
        body: new URLSearchParams({ _token: formTokenOf(app, op), _action: 'reset2fa', id: p.userId, reason: 'support ticket 42', ...fields }),
      }));
    // Without the tick: the page again with the form open and why; nothing changed.
    const unticked = await post({});
    expect(unticked.status).toBe(400);
    expect(await unticked.text()).toContain('Tick the box to confirm.');
    expect((await login(p)).json.errorType).toBe('TOTP_REQUIRED');
    expect((await post({ confirm: 'yes' })).status).toBe(303);
    expect((await login(p)).status).toBe(200);
    const after = await (await page(app, `/admin/players/${p.userId}`, { cookie: `token=${op.token}` })).text();
    expect(after).toContain('<dt>Two-step</dt><dd>Off</dd>');
    expect(after).not.toContain('value="reset2fa"');
  });
});
