import { describe, expect, test } from 'bun:test';
import { createHmac } from 'node:crypto';
import { call, LOOPBACK, makeApp, page } from '../../tests/helpers/app';
import { registration, rows, tokenIn, waitForMail } from '../../tests/helpers/accounts';
import { createOperator } from '../services/admin/operators';
import { captchaAnswerHash, captchaKey, CAPTCHA_TTL_MS } from '../services/auth/captcha';
import { Elysia } from 'elysia';
import { createLogger } from '../lib/logger';
import { errorsPlugin } from './errors';
import { withFinish } from './finish';
import { routeLabelPlugin } from './request-context';

/** An app whose log lines are kept in memory instead of written to stdout. */
async function loggedApp() {
  const lines: string[] = [];
  const app = await makeApp({ LOG_LEVEL: 'info' }, { logger: createLogger(false, (l) => void lines.push(l)) });
  return { app, lines };
}

describe('request log lines', () => {
  test('one JSON line per request: method, route pattern, redacted path, status, time and the id sent back as X-Request-Id', async () => {
    const { app, lines } = await loggedApp();
    const r = await call(app, 'GET', '/api/v1/user/wallet-balance');
    const id = r.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f]{8}$/);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({ level: 'info', msg: 'request', method: 'GET', route: '/api/v1/user/wallet-balance', path: '/api/v1/user/wallet-balance', status: 401, requestId: id });
    expect(typeof line.ms).toBe('number');
    expect(Date.parse(line.t)).toBeGreaterThan(0);
  });

  test("a sane incoming X-Request-Id is kept (a proxy's id joins the lines up); anything else is replaced", async () => {
    const { app, lines } = await loggedApp();
    const kept = await call(app, 'GET', '/healthz', undefined, { headers: { 'x-request-id': 'lb-7f3a.01_x' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.01_x');
    expect(JSON.parse(lines[0]!).requestId).toBe('lb-7f3a.01_x');
    for (const bad of ['a b', 'x'.repeat(65), '<script>', 'id"},{"level":"error', '']) {
      const r = await call(app, 'GET', '/healthz', undefined, { headers: { 'x-request-id': bad } });
      expect(r.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}$/);
    }
    expect(lines.every((l) => !l.includes('<script>') && l.split('\n').length === 2)).toBe(true);
  });

  test("an unexpected error answers 500 with the request's id, and the error line carries the same id", async () => {
    const lines: string[] = [];
    const logger = createLogger(false, (l) => void lines.push(l));
    const app = new Elysia().use(errorsPlugin(logger)).use(routeLabelPlugin()).get('/boom', () => {
      throw new Error('kaput');
    });
    const handle = withFinish((req) => app.handle(req), { hsts: false, logger });
    const res = await handle(new Request('http://localhost/boom', { headers: { 'x-request-id': 'trace-500' } }));
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ success: false, message: 'Something went wrong. Please try again.', requestId: 'trace-500' });
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      expect.objectContaining({ level: 'error', msg: 'unhandled', requestId: 'trace-500' }),
      expect.objectContaining({ msg: 'request', route: '/boom', status: 500, requestId: 'trace-500' }),
    ]);
  });

  test('a request no route matched is logged under one label, not its raw path', async () => {
    const { app, lines } = await loggedApp();
    await app.handle(new Request('http://localhost:3000/nothing/here', { method: 'DELETE' }));
    expect(JSON.parse(lines.at(-1)!).route).not.toContain('nothing');
  });

  test('a whole journey (register, verify, login, P2P, password reset, deposit webhook, e-mail change and its undo link) leaves no secret, token, password or e-mail address in the log', async () => {
    const { app, lines } = await loggedApp();
    const [alice, bob] = ['alice.logcheck@example.com', 'bob.logcheck@example.com'];
    const passwords = ['Alice-Pass-481!', 'Bob-Pass-927!', 'Alice-New-Pass-663!'];
    const secrets: string[] = [alice, bob, ...passwords, app.config.JWT_SECRET!, app.deps.payments.webhookSecret, app.deps.flashKey];
    // Register and verify both through the API and the page link.
    for (const [email, password] of [[alice, passwords[0]!], [bob, passwords[1]!]] as const) {
      expect((await call(app, 'POST', '/api/v1/register', registration(email, { password }))).status).toBe(201);
      const verify = tokenIn(await waitForMail(app, email, /Verify/), '/verify/email');
      secrets.push(verify);
      expect((await page(app, `/verify/email/${verify}`)).status).toBeLessThan(500);
      await call(app, 'POST', '/api/v1/verify/email', { token: verify });
    }
    const login = async (email: string, password: string) => {
      const r = await call(app, 'POST', '/api/v1/login', { email, password, userType: 'USER' });
      expect(r.status).toBe(200);
      secrets.push(r.json.token);
      return r.json.token as string;
    };
    const aliceToken = await login(alice, passwords[0]!);
    const bobToken = await login(bob, passwords[1]!);
    // A wrong password and a login page with the address in its query.
    expect((await call(app, 'POST', '/api/v1/login', { email: alice, password: 'Wrong-Guess-55!', userType: 'USER' })).status).toBe(401);
    secrets.push('Wrong-Guess-55!');
    await page(app, `/login?email=${encodeURIComponent(alice)}&next=/home`);
    // A deposit paid through the sandbox: its signed webhook comes back through the app.
    const d = await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount: 20 }, { token: aliceToken });
    expect(d.status).toBe(200);
    expect((await call(app, 'POST', `/api/v1/sandbox/deposits/${d.json.data.depositId}/simulate`, { action: 'pay' }, { token: aliceToken, peer: LOOPBACK })).status).toBe(200);
    const signed = JSON.stringify({ deliveryId: 'log-check-1', type: 'InvoiceCreated' });
    await call(app, 'POST', '/api/v1/webhooks/btcpay', signed, { headers: { 'btcpay-sig': 'sha256=' + createHmac('sha256', app.deps.payments.webhookSecret).update(signed).digest('hex') } });
    // P2P by address, with an idempotency key.
    const p2p = await call(app, 'POST', '/api/v1/transfer/p2p-transfer', { email: bob, amount: 5 }, { token: aliceToken, headers: { 'idempotency-key': 'log-check-key-1' } });
    expect(p2p.status).toBe(200);
    // Password reset: captcha, mailed link (page and API), new password, login with it.
    const c = await call(app, 'GET', '/api/v1/captcha');
    await app.deps.store.set(captchaKey(c.json.captchaId), captchaAnswerHash(c.json.captchaId, 'QW3R'), CAPTCHA_TTL_MS);
    expect((await call(app, 'POST', '/api/v1/forget-password', { email: alice, captchaId: c.json.captchaId, captcha: 'QW3R' })).status).toBe(200);
    const reset = tokenIn(await waitForMail(app, alice, /Reset/), '/reset-password');
    secrets.push(reset);
    expect((await page(app, `/reset-password/${reset}`)).status).toBeLessThan(500);
    expect((await call(app, 'PATCH', `/api/v1/reset-password/${reset}`, { newPassword: passwords[2], confirmPassword: passwords[2] })).status).toBe(200);
    await login(alice, passwords[2]!);
    // A new operator's first password, from the link `coinreel admin create` printed: the page, then the API.
    const made = await createOperator(app.deps.database.client, app.config.publicUrl, { email: 'op.logcheck@example.com' });
    const setLink = ('setPasswordLink' in made && made.setPasswordLink?.split('/set-password/')[1]) || '';
    expect(setLink).toMatch(/^[A-Za-z0-9_-]{43}$/);
    secrets.push(setLink);
    expect((await page(app, `/set-password/${setLink}`)).status).toBe(200);
    expect((await call(app, 'PATCH', `/api/v1/set-password/${setLink}`, { newPassword: passwords[2] })).status).toBe(200);
    // An e-mail change, confirmed: the old address gets an undo link, opened as a page and used.
    const bobNew = 'bob.logcheck.new@example.com';
    secrets.push(bobNew);
    expect((await call(app, 'PATCH', '/api/v1/user/update-profile', { name: '', phoneNo: '', email: bobNew, currentPassword: passwords[1] }, { token: bobToken })).status).toBe(200);
    const confirm = tokenIn(await waitForMail(app, bobNew, /Confirm/), '/verify/email');
    secrets.push(confirm);
    expect((await call(app, 'POST', '/api/v1/verify/email', { token: confirm })).status).toBe(200);
    const undo = tokenIn(await waitForMail(app, bob, /email was changed/), '/undo-email');
    secrets.push(undo);
    expect((await page(app, `/undo-email/${undo}`)).status).toBeLessThan(500);
    expect((await call(app, 'POST', '/api/v1/email-change/undo', { token: undo })).status).toBe(200);
    await app.deps.deposits.idle();

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(15);
    expect(lines.filter((l) => JSON.parse(l).msg === 'request').map((l) => JSON.parse(l).route)).toContain('/api/v1/webhooks/btcpay');
    for (const s of secrets) expect({ secret: s, found: log.includes(s) }).toEqual({ secret: s, found: false });
    // No full e-mail address at all, and no local part of the players' addresses.
    expect(log).not.toMatch(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/);
    expect(log).not.toContain('logcheck');
    expect(log).not.toContain('QW3R');
  });
});
