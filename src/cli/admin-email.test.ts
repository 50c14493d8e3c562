// `coinreel admin email OLD NEW`: the one way an operator's address changes, run as the operator runs the binary.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { resolve } from 'node:path';
import { call, type TestApp } from '../../tests/helpers/app';
import { outbox, rows } from '../../tests/helpers/accounts';
import { createOperatorUser, createPlayer } from '../../tests/helpers/players';
import { codeFor, confirmationToken, makeClockedApp, testClock } from '../../tests/helpers/two-step';
import { listAudit } from '../services/admin/audit';
import { PROOF_LINK_REFUSALS } from '../services/auth/two-step-mail-proof';
import { hashToken } from '../services/auth/email-tokens';
import { createOperator } from '../services/admin/operators';

const root = resolve(import.meta.dir, '../..');
const clock = testClock();
let app: TestApp;
let env: Record<string, string>;
beforeAll(async () => {
  app = await makeClockedApp(clock, { OPERATOR_TWO_STEP: 'required' });
  env = { DATABASE_URL: app.config.DATABASE_URL, DATA_DIR: app.dir };
});
afterAll(() => app.deps.database.client.close());

async function main(args: string[]) {
  const p = Bun.spawn([process.execPath, 'src/main.ts', ...args], { cwd: root, env: { PATH: process.env.PATH!, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }, stdout: 'pipe', stderr: 'pipe' });
  const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  return { code, out, err };
}

describe('coinreel admin email', () => {
  test("moves the operator's address: audited, both addresses told, every session ended, links to the old one spent", async () => {
    const op = await createOperatorUser(app);
    // A two-step confirmation waiting in the old mailbox, as a thief who moved nothing would leave it.
    clock.step();
    const s = await call(app, 'POST', '/api/v1/user/2fa/setup', {}, { token: op.token });
    expect((await call(app, 'POST', '/api/v1/user/2fa/enable', { code: codeFor(s.json.secret, clock.t), currentPassword: op.password }, { token: op.token })).status).toBe(202);
    const waiting = await confirmationToken(app, op.email);
    // And a reset link, as `coinreel admin create` prints for an operator who has a password.
    const made = await createOperator(app.deps.database.client, app.config.publicUrl, { email: op.email });
    const reset = new URL((made as { setPasswordLink: string }).setPasswordLink).pathname.split('/').pop()!;
    const to = `moved.${crypto.randomUUID().slice(0, 6)}@example.com`;

    const r = await main(['admin', 'email', op.email, to, '--reason', 'mailbox lost with the old laptop']);
    expect(r).toEqual({ code: 0, err: '', out: `operator ${op.email} is now ${to}: both addresses are told, every session of the account has ended\n` });
    expect({ ...(await rows(app, 'SELECT email, pending_email FROM users WHERE id = ?', [op.userId]))[0] } as Record<string, unknown>).toEqual({ email: to, pending_email: null });
    const audit = await listAudit(app.deps.database.client, { actor: 'cli', action: 'operator.email' });
    expect(audit.rows.map((e) => [e.actorId, e.targetId, e.before, e.after, e.reason])).toEqual([['cli:admin-email', op.userId, { email: op.email }, { email: to }, 'mailbox lost with the old laptop']]);
    expect((await call(app, 'GET', '/api/v1/user/details', undefined, { token: op.token })).status).toBe(401);
    const told = (await outbox(app)).filter((m) => m.subject === 'Your Coinreel email was changed').map((m) => m.to);
    expect(told.sort()).toEqual([op.email, to].sort());
    // The confirmation mailed to the old address no longer turns anything on, and nothing waits for it.
    const again = (await call(app, 'POST', '/api/v1/login', { email: to, password: op.password })).json.token as string;
    expect((await call(app, 'POST', '/api/v1/user/2fa/confirm', { token: waiting }, { token: again })).json.message).toBe(PROOF_LINK_REFUSALS.used);
    expect((await rows(app, 'SELECT awaiting_secret FROM user_totp WHERE user_id = ?', [op.userId]))[0]!.awaiting_secret).toBeNull();
    expect((await rows(app, 'SELECT used_at FROM email_tokens WHERE token_hash = ?', [hashToken(waiting)]))[0]!.used_at).not.toBeNull();
    expect((await call(app, 'PATCH', `/api/v1/reset-password/${reset}`, { newPassword: 'Taken-Over-99' })).status).toBe(400);
    expect((await call(app, 'POST', '/api/v1/login', { email: op.email, password: op.password })).status).toBe(401);
  });

  test('refuses a player, a taken or bad address, the same address, and an unknown one; nothing changes', async () => {
    const op = await createOperatorUser(app);
    const p = await createPlayer(app);
    const cases: [string[], string][] = [
      [[p.email, 'x@example.com'], `${p.email} is a player's account: players change their address in Profile Settings.`],
      [[op.email, p.email], `Another account has the e-mail ${p.email}.`],
      [[op.email, 'not-an-address'], 'NEW: Email address is invalid'],
      [[op.email, op.email.toUpperCase()], `NEW is the address ${op.email} already has.`],
      [['nobody@example.com', 'x@example.com'], 'No account has the e-mail nobody@example.com.'],
    ];
    for (const [args, line] of cases) {
      const r = await main(['admin', 'email', ...args]);
      expect([args, r.code, r.err.trim()]).toEqual([args, 2, line]);
    }
    expect((await rows(app, 'SELECT email FROM users WHERE id = ?', [op.userId]))[0]!.email).toBe(op.email);
    expect((await listAudit(app.deps.database.client, { target: op.userId })).rows).toEqual([]);
  });
});
