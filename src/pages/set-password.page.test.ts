// A new operator from `coinreel admin create` sets a first password on a page that says so, is told nothing was
// reset, and is then led to two-step verification before the console opens.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { BASE, call, page, type TestApp } from '../../tests/helpers/app';
import { outbox, rows } from '../../tests/helpers/accounts';
import { createPlayer } from '../../tests/helpers/players';
import { makeClockedApp, testClock, turnOnTwoStep } from '../../tests/helpers/two-step';
import { createOperator } from '../services/admin/operators';
import { captchaAnswerHash, captchaKey, CAPTCHA_TTL_MS } from '../services/auth/captcha';

const clock = testClock();
let app: TestApp;
beforeAll(async () => {
  app = await makeClockedApp(clock, { OPERATOR_TWO_STEP: 'required' });
});
afterAll(() => app.deps.database.client.close());

const NEW_PASSWORD = 'Operator123!';
let seq = 0;

/** `coinreel admin create --email …` without --password: the operator and the path of the link it printed. */
async function newOperator(existing?: string) {
  const email = existing ?? `op${++seq}.${crypto.randomUUID().slice(0, 6)}@example.com`;
  const r = await createOperator(app.deps.database.client, app.config.publicUrl, { email });
  if ('errors' in r || !r.setPasswordLink) throw new Error('no link');
  return { email, userId: r.userId, path: new URL(r.setPasswordLink).pathname };
}

/** The plain form post of the page (no script), as a browser sends it. */
const post = (path: string, fields: Record<string, string>) =>
  app.handle(new Request(BASE + path, {
    method: 'POST', body: new URLSearchParams(fields), redirect: 'manual',
    headers: { origin: BASE, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
  }));

const mailTo = async (to: string) => (await outbox(app)).filter((m) => m.to === to);

describe('the link of a new operator', () => {
  test('says what it is: "Set your password" in the title, the heading and the button; nothing about a reset', async () => {
    const op = await newOperator();
    expect(op.path).toMatch(/^\/set-password\/[A-Za-z0-9_-]{43}$/);
    const res = await page(app, op.path);
    expect(res.status).toBe(200);
    const doc = await res.text();
    expect(doc).toMatch(/<title>Set your password[^<]*<\/title>/);
    expect(doc).toContain('<h1 class="auth-title">Set your password</h1>');
    expect(doc).toMatch(/<button type="submit"[^>]*>Set password<\/button>/);
    // What a person reads: no "Reset Password", no reset link wording (the island's file name is not read).
    const words = doc.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>|<[^>]+>/g, ' ');
    expect(words).not.toMatch(/reset/i);
  });

  test('without script: the password is set, no mail about a password, then sign-in leads to two-step', async () => {
    const op = await newOperator();
    const res = await post(op.path, { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect([res.status, res.headers.get('location')]).toEqual([303, '/login?next=%2Fadmin']);
    expect(await mailTo(op.email)).toEqual([]);
    expect((await rows(app, 'SELECT password_unset FROM users WHERE id = ?', [op.userId]))[0]!.password_unset).toBe(0);
    // The link worked once.
    const again = await page(app, op.path);
    expect(await again.text()).toContain('This link has already been used.');
    // Signed in with it, the console sends the operator to turn two-step on first.
    const login = await call(app, 'POST', '/api/v1/login', { email: op.email, password: NEW_PASSWORD });
    expect(login.status).toBe(200);
    const admin = await page(app, '/admin', { cookie: `token=${login.json.token}` });
    expect(admin.headers.get('location')).toBe('/profile-setting?two-step=required#two-step');
    const profile = await (await page(app, '/profile-setting?two-step=required', { cookie: `token=${login.json.token}` })).text();
    expect(profile).toContain('The operator console needs two-step verification: turn it on in your profile settings first.');
    // Turned on in that session, the console still waits for a sign-in with the code.
    clock.step();
    await turnOnTwoStep(app, { ...op, playerId: 0, password: NEW_PASSWORD, token: login.json.token, sessionId: '' }, clock.t);
    expect((await page(app, '/admin', { cookie: `token=${login.json.token}` })).headers.get('location')).toBe('/profile-setting?two-step=sign-in-again#two-step');
    // Only the two-step notice was mailed, never a password one.
    expect((await mailTo(op.email)).map((m) => m.subject).join(' ')).not.toMatch(/password/i);
  });

  test('through the API too; a wrong or weak password changes nothing; the reset API takes no set-password link', async () => {
    const op = await newOperator();
    const id = op.path.split('/').pop()!;
    expect((await call(app, 'PATCH', `/api/v1/set-password/${id}`, { newPassword: 'short' })).status).toBe(400);
    expect((await call(app, 'GET', `/api/v1/set-password/${id}/status`)).json.status).toBe('live');
    const ok = await call(app, 'PATCH', `/api/v1/set-password/${id}`, { newPassword: NEW_PASSWORD });
    expect([ok.status, ok.json.message]).toEqual([200, 'Your password is set. Sign in with it to continue.']);
    expect((await call(app, 'PATCH', `/api/v1/set-password/${id}`, { newPassword: NEW_PASSWORD })).status).toBe(400);
    expect((await call(app, 'POST', '/api/v1/login', { email: op.email, password: NEW_PASSWORD })).status).toBe(200);
    expect(await mailTo(op.email)).toEqual([]);
    // The reset API does not take it, and the set-password API takes no reset link.
    const other = await newOperator();
    expect((await call(app, 'PATCH', `/api/v1/reset-password/${other.path.split('/').pop()}`, { newPassword: NEW_PASSWORD })).status).toBe(400);
  });

  test('run again for an operator who never used the link: a new set-password link; for an account with a password, a reset link', async () => {
    const op = await newOperator();
    expect((await newOperator(op.email)).path).toStartWith('/set-password/');
    const p = await createPlayer(app);
    const promoted = await newOperator(p.email);
    expect(promoted.path).toStartWith('/reset-password/');
    expect(await (await page(app, promoted.path)).text()).toContain('<h1 class="auth-title">Reset Password</h1>');
  });

  test('a new operator who uses "forgot password" instead gets no "your password was reset" mail', async () => {
    const op = await newOperator();
    const c = await call(app, 'GET', '/api/v1/captcha');
    await app.deps.store.set(captchaKey(c.json.captchaId), captchaAnswerHash(c.json.captchaId, 'K7MP'), CAPTCHA_TTL_MS);
    expect((await call(app, 'POST', '/api/v1/forget-password', { email: op.email, captchaId: c.json.captchaId, captcha: 'K7MP' })).status).toBe(200);
    let link = '';
    for (let i = 0; i < 300 && !link; i++) {
      link = /\/reset-password\/([A-Za-z0-9_-]{43})/.exec((await mailTo(op.email)).map((m) => m.text).join('\n'))?.[1] ?? '';
      if (!link) await Bun.sleep(10);
    }
    expect((await call(app, 'PATCH', `/api/v1/reset-password/${link}`, { newPassword: NEW_PASSWORD })).status).toBe(200);
    expect((await mailTo(op.email)).map((m) => m.subject)).toEqual([expect.stringMatching(/reset/i)]);
    // Its set-password link is spent with it.
    expect(await (await page(app, op.path)).text()).toContain('This link has already been used.');
  });
});
