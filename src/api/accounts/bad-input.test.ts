import { beforeAll, describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { BASE, call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { registeredPlayer, registration, rows } from '../../../tests/helpers/accounts';

// Every write call, with the fields it reads. Bad input of any kind must be a 4xx that changes nothing.
const CALLS: { method: string; path: string; auth?: boolean; fields: string[] }[] = [
  { method: 'POST', path: '/api/v1/register', fields: ['email', 'password', 'reference', 'userType', 'termsAccepted', 'ageConfirmed'] },
  { method: 'POST', path: '/api/v1/login', fields: ['email', 'password', 'userType', 'remember'] },
  { method: 'POST', path: '/api/v1/verify/email', fields: ['token'] },
  { method: 'POST', path: '/api/v1/resend-verification-email', fields: ['email'] },
  { method: 'POST', path: '/api/v1/forget-password', fields: ['email', 'captchaId', 'captcha'] },
  { method: 'PATCH', path: '/api/v1/reset-password/abc', fields: ['newPassword'] },
  { method: 'PATCH', path: '/api/v1/user/update-profile', auth: true, fields: ['name', 'phoneNo', 'email'] },
  { method: 'PATCH', path: '/api/v1/user/change-password', auth: true, fields: ['currentPassword', 'newPassword'] },
];

let app: TestApp;
let token: string;
let snapshot: string;

/** Everything a bad request could have touched. */
async function state() {
  const tables = ['users', 'sessions', 'email_tokens'];
  const out = await Promise.all(tables.map((t) => rows(app, `SELECT * FROM ${t} ORDER BY 1`)));
  return JSON.stringify(out);
}

beforeAll(async () => {
  app = await makeApp();
  ({ token } = await registeredPlayer(app, 'victim@example.com'));
  snapshot = await state();
});

const send = (c: (typeof CALLS)[number], body: string, contentType = 'application/json') =>
  call(app, c.method, c.path, body, { token: c.auth ? token : undefined, headers: { 'content-type': contentType } });

describe('bad input is a 4xx with a field message and changes nothing', () => {
  test.each(CALLS)('malformed JSON, non-object bodies and empty bodies: $method $path', async (c) => {
    for (const body of ['{"email": "a@b.co",', '[1,2,3]', '"just a string"', 'null', '42', '', '{}']) {
      const r = await send(c, body);
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(r.json.success).toBe(false);
      expect(r.json.errors?.[0]?.field ?? r.json.errorType).toBeTruthy();
    }
    expect(await state()).toBe(snapshot);
  });

  test('a declared 10 MB body is refused before parsing; an undeclared one is refused by the field rules', async () => {
    const big = JSON.stringify({ email: 'a'.repeat(10_000_000) + '@example.com', password: 'x' });
    const declared = await app.handle(new Request(BASE + '/api/v1/login', { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(big.length) }, body: big }));
    expect(declared.status).toBe(413);
    for (const c of CALLS) {
      const body = JSON.stringify(Object.fromEntries(c.fields.map((f) => [f, 'x'.repeat(10_000_000)])));
      const r = await send(c, body);
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    }
    expect(await state()).toBe(snapshot);
  });

  test.each([
    ['zero-width space', 'vic\u200btim@example.com'],
    ['right-to-left override', 'victim\u202e@example.com'],
    ['lone surrogate', 'victim\ud800@example.com'],
    ['full-width at-sign', 'victim\uff20example.com'],
    ['Cyrillic look-alike', 'vict\u0456m@example.com'],
    ['NUL byte', 'victim\u0000@example.com'],
    ['SQL', "x@example.com' OR '1'='1"],
    ['SQL comment', "' OR 1=1 --"],
    ['HTML', '<script>alert(1)</script>@example.com'],
    ['overlong', 'a'.repeat(300) + '@example.com'],
  ])('odd e-mail (%s) is a 400 on email everywhere', async (_, email) => {
    for (const [path, body] of [
      ['/api/v1/register', registration(email)],
      ['/api/v1/login', { email, password: 'Secret123!' }],
      ['/api/v1/resend-verification-email', { email }],
    ] as const) {
      const r = await call(app, 'POST', path, body);
      expect(r.status).toBe(400);
      expect(r.json.errors).toContainEqual({ field: 'email', message: 'Email address is invalid' });
    }
    const p = await call(app, 'PATCH', '/api/v1/user/update-profile', { email }, { token });
    expect(p.json.errors).toContainEqual({ field: 'email', message: 'Enter a valid email address' });
    expect(await state()).toBe(snapshot);
  });

  test.each([
    ['HTML', '<b>Ada</b>'],
    ['SQL', "Robert'); DROP TABLE users;--"],
    ['lone surrogate', 'Ada\udc00'],
    ['zero-width joiner', 'Ada\u200dLove'],
    ['bidi override', '\u202eAda'],
    ['digits', 'R2D2'],
  ])('odd name (%s) is a 400 on name', async (_, name) => {
    const r = await call(app, 'PATCH', '/api/v1/user/update-profile', { name, email: 'victim@example.com' }, { token });
    expect(r.status).toBe(400);
    expect(r.json.errors).toEqual([{ field: 'name', message: 'Name should be 2 to 50 characters long' }]);
    expect(await state()).toBe(snapshot);
  });

  test('names in other scripts and SQL-looking but valid addresses are taken as plain data', async () => {
    const other = await makeApp();
    const { token: t } = await registeredPlayer(other, "o'brien+test@example.com");
    const r = await call(other, 'PATCH', '/api/v1/user/update-profile', { name: 'José Ñúñez-Øster', email: "o'brien+test@example.com" }, { token: t });
    expect(r.status).toBe(200);
    expect((await call(other, 'GET', '/api/v1/user/details', undefined, { token: t })).json.user.name).toBe('José Ñúñez-Øster');
    expect((await call(other, 'POST', '/api/v1/login', { email: "x'--@example.com", password: 'Secret123!' })).status).toBe(401);
    expect((await rows(other, 'SELECT count(*) AS n FROM users'))[0]!.n).toBe(1);
  });

  test('a password in any script, with emoji, registers and signs in', async () => {
    const other = await makeApp();
    const password = 'Pässwörd1🔑密码';
    await registeredPlayer(other, 'unicode@example.com', password);
    expect((await call(other, 'POST', '/api/v1/login', { email: 'unicode@example.com', password })).status).toBe(200);
  });

  test('random JSON bodies never make a 5xx or a change (property)', async () => {
    const value = fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }), fc.object({ maxDepth: 1 }));
    for (const c of CALLS) {
      await fc.assert(
        fc.asyncProperty(fc.record(Object.fromEntries(c.fields.map((f) => [f, value])), { requiredKeys: [] }), async (body) => {
          // An accepted login or e-mail check is fine; a server error or any write is not.
          const r = await send(c, JSON.stringify(body));
          return r.status < 500 && (r.status >= 400 || c.path.endsWith('/login') || c.path.endsWith('resend-verification-email'));
        }),
        { numRuns: 25 },
      );
    }
    expect((await rows(app, 'SELECT count(*) AS n FROM users'))[0]!.n).toBe(1);
    expect((await rows(app, 'SELECT count(*) AS n FROM email_tokens'))[0]!.n).toBe(1);
  });
});
