import { describe, expect, spyOn, test } from 'bun:test';
import { call, makeApp } from '../../../tests/helpers/app';
import { GOOD_PASSWORD, outbox, registration, rows, tokenIn, waitForMail } from '../../../tests/helpers/accounts';
import { HASH_OPTIONS } from '../../services/auth/passwords';
import type { Mailer } from '../../services/mail/mail.port';
import type { Logger } from '../../lib/logger';

const REGISTERED = 'Registration successful. Please check your email to verify your account.';

describe('POST /register', () => {
  test('creates an unverified player with a 7-digit Player ID, terms v3 and times, and mails a link', async () => {
    const app = await makeApp();
    const before = Date.now();
    const r = await call(app, 'POST', '/api/v1/register', registration('  New.Player@Example.COM '));
    expect(r.status).toBe(201);
    expect(r.json).toEqual({ success: true, message: REGISTERED });
    const [u] = await rows(app, 'SELECT * FROM users');
    expect(u!.email).toBe('new.player@example.com');
    expect(String(u!.player_id)).toMatch(/^[1-9]\d{6}$/);
    expect(u!.email_verified_at).toBeNull();
    expect(u!.terms_version_accepted).toBe(3);
    expect(u!.referral_source).toBe('friend');
    expect(Number(u!.terms_accepted_at)).toBeGreaterThanOrEqual(before);
    expect(Number(u!.age_confirmed_at)).toBeGreaterThanOrEqual(before);
    expect(String(u!.password_hash)).toStartWith('$argon2id$v=19$m=19456,t=2,p=1$');
    const mail = await waitForMail(app, 'new.player@example.com', /Verify/);
    expect(mail.html).toContain('Coinreel');
    expect(mail.text).toContain('http://localhost:3000/verify/email/');
    // Only the hash of the link's token is stored.
    const token = tokenIn(mail, '/verify/email');
    expect(token).toHaveLength(43);
    const stored = await rows(app, 'SELECT token_hash, purpose, expires_at, created_at FROM email_tokens');
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toBe(token);
    expect(stored[0]!.token_hash).toBe(new Bun.CryptoHasher('sha256').update(token).digest('hex'));
    expect(Number(stored[0]!.expires_at) - Number(stored[0]!.created_at)).toBe(24 * 3600_000);
  });

  test('an e-mail taken in any letter case gets the same answer as a new one, creates nothing, and tells its owner by mail', async () => {
    const app = await makeApp();
    const first = await call(app, 'POST', '/api/v1/register', registration('taken@example.com'));
    const hash = (await rows(app, 'SELECT password_hash FROM users'))[0]!.password_hash;
    const again = await call(app, 'POST', '/api/v1/register', { ...registration('TAKEN@example.com'), password: 'Another-Pass9' });
    // Nothing in the answer tells a taken address from a new one.
    expect([again.status, again.json]).toEqual([first.status, first.json]);
    expect(await rows(app, 'SELECT id, password_hash FROM users')).toEqual([expect.objectContaining({ password_hash: hash })]);
    const notice = await waitForMail(app, 'taken@example.com', /You already have a/);
    expect(notice.text).toContain('nothing was created and nothing changed');
    expect(notice.text).toContain('/forgot-password');
    // Only one verification link was ever issued.
    expect(await rows(app, "SELECT token_hash FROM email_tokens WHERE purpose = 'verify'")).toHaveLength(1);
  });

  test('a taken address costs the same password hash as a new one (argon2id, the same settings), before the same answer', async () => {
    const app = await makeApp();
    expect((await call(app, 'POST', '/api/v1/register', registration('owned@example.com'))).status).toBe(201);
    const hash = spyOn(Bun.password, 'hash');
    try {
      const fresh = await call(app, 'POST', '/api/v1/register', registration('fresh@example.com'));
      const taken = await call(app, 'POST', '/api/v1/register', registration('owned@example.com'));
      expect([taken.status, taken.json]).toEqual([fresh.status, fresh.json]);
      expect(hash.mock.calls.map((c) => c[1])).toEqual([HASH_OPTIONS, HASH_OPTIONS]);
      expect(hash.mock.calls.map((c) => c[0])).toEqual([GOOD_PASSWORD, GOOD_PASSWORD]);
    } finally {
      hash.mockRestore();
    }
  });

  test('the owner is told at most five times in 15 minutes, and the answer stays the same after that', async () => {
    const app = await makeApp();
    await call(app, 'POST', '/api/v1/register', registration('flooded@example.com'));
    for (let i = 0; i < 7; i++) expect((await call(app, 'POST', '/api/v1/register', registration('flooded@example.com'))).status).toBe(201);
    await waitForMail(app, 'flooded@example.com', /You already have a/, 4);
    await Bun.sleep(100);
    const notices = (await outbox(app)).filter((m) => m.to === 'flooded@example.com' && /You already have a/.test(m.subject));
    expect(notices).toHaveLength(5);
  });

  test('two racing registrations of one address make exactly one account', async () => {
    const app = await makeApp();
    const [a, b] = await Promise.all([
      call(app, 'POST', '/api/v1/register', registration('race@example.com')),
      call(app, 'POST', '/api/v1/register', registration('Race@example.com')),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(await rows(app, 'SELECT id FROM users')).toHaveLength(1);
  });

  test.each([
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'not-an-email' }, 'email', 'Email address is invalid'],
    [{ password: '' }, 'password', 'Password is required'],
    [{ password: 'Ab1' }, 'password', 'Password must be at least 8 characters'],
    [{ password: 'alllowercase1' }, 'password', 'Password must contain at least one uppercase letter, one lowercase letter, and one number'],
    [{ termsAccepted: false }, 'termsAccepted', 'You must accept the Terms and Conditions'],
    [{ ageConfirmed: 'yes' }, 'ageConfirmed', 'You must confirm that you are 21+ years old'],
    [{ reference: null }, 'reference', 'Please select at least one option for how you heard about us'],
    [{ reference: 'tv' }, 'reference', 'Please select at least one option for how you heard about us'],
    [{ userType: 'ADMIN' }, 'userType', 'User type must be USER'],
  ])('spec §5 rule %o → 400 on %s', async (change, field, message) => {
    const app = await makeApp();
    const r = await call(app, 'POST', '/api/v1/register', registration('rules@example.com', change));
    expect(r.status).toBe(400);
    expect(r.json.errors).toContainEqual({ field, message });
    expect(await rows(app, 'SELECT id FROM users')).toHaveLength(0);
  });

  test('a mail outage is logged without the link and does not fail registration', async () => {
    const lines: string[] = [];
    const logger: Logger = { info: () => {}, error: (m, f) => lines.push(JSON.stringify({ m, ...f })) };
    const broken: Mailer = { send: async () => { throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }); } };
    const app = await makeApp({}, { mailer: broken, logger });
    const r = await call(app, 'POST', '/api/v1/register', registration('outage@example.com'));
    expect(r.status).toBe(201);
    for (let i = 0; i < 100 && lines.length === 0; i++) await Bun.sleep(5);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('mail failed');
    expect(lines[0]).toContain('ECONNREFUSED');
    expect(lines[0]).not.toContain('verify/email');
  });
});

describe('e-mail verification', () => {
  test('the mailed link verifies once; a second use says the e-mail is verified already; a made-up token is refused', async () => {
    const app = await makeApp();
    await call(app, 'POST', '/api/v1/register', registration('verify@example.com'));
    const token = tokenIn(await waitForMail(app, 'verify@example.com', /Verify/), '/verify/email');
    const ok = await call(app, 'POST', '/api/v1/verify/email', { token });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ success: true, message: 'Email verified successfully' });
    expect((await rows(app, 'SELECT email_verified_at FROM users'))[0]!.email_verified_at).not.toBeNull();
    const again = await call(app, 'POST', '/api/v1/verify/email', { token });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ success: false, errorType: 'ALREADY_VERIFIED', message: 'Your e-mail is already verified.' });
    for (const bad of ['A'.repeat(43), 'short', 12, null, undefined]) {
      const r = await call(app, 'POST', '/api/v1/verify/email', { token: bad });
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({ success: false, message: 'Invalid or expired token.' });
    }
  });

  test('GET /verify/email/status reads a link without spending it: pending, verified once used, invalid otherwise', async () => {
    const app = await makeApp();
    await call(app, 'POST', '/api/v1/register', registration('state@example.com'));
    const token = tokenIn(await waitForMail(app, 'state@example.com', /Verify/), '/verify/email');
    const status = async (t: string) => (await call(app, 'GET', `/api/v1/verify/email/status?token=${encodeURIComponent(t)}`)).json.status;
    expect(await status(token)).toBe('pending');
    expect(await status(token)).toBe('pending');
    expect((await call(app, 'POST', '/api/v1/verify/email', { token })).status).toBe(200);
    expect(await status(token)).toBe('verified');
    expect(await status('A'.repeat(43))).toBe('invalid');
    expect(await status('short')).toBe('invalid');
  });

  test('a spent link of an account that is still unverified (an e-mail change undone, say) is just invalid', async () => {
    const app = await makeApp();
    await call(app, 'POST', '/api/v1/register', registration('undone@example.com'));
    const token = tokenIn(await waitForMail(app, 'undone@example.com', /Verify/), '/verify/email');
    await rows(app, 'UPDATE email_tokens SET used_at = ?', [Date.now()]);
    expect((await call(app, 'GET', `/api/v1/verify/email/status?token=${token}`)).json.status).toBe('invalid');
    const r = await call(app, 'POST', '/api/v1/verify/email', { token });
    expect([r.status, r.json.message]).toEqual([400, 'Invalid or expired token.']);
  });

  test('an expired verification link is refused and leaves the account unverified', async () => {
    const app = await makeApp();
    await call(app, 'POST', '/api/v1/register', registration('late@example.com'));
    const token = tokenIn(await waitForMail(app, 'late@example.com', /Verify/), '/verify/email');
    await rows(app, 'UPDATE email_tokens SET expires_at = ?', [Date.now() - 1]);
    const r = await call(app, 'POST', '/api/v1/verify/email', { token });
    expect(r.status).toBe(400);
    expect((await rows(app, 'SELECT email_verified_at FROM users'))[0]!.email_verified_at).toBeNull();
  });

  test('resend answers the same for unknown, unverified and verified addresses; only the unverified gets mail', async () => {
    const app = await makeApp();
    await call(app, 'POST', '/api/v1/register', registration('pending@example.com'));
    await waitForMail(app, 'pending@example.com');
    const answers = [];
    for (const email of ['nobody@example.com', 'PENDING@example.com']) answers.push(await call(app, 'POST', '/api/v1/resend-verification-email', { email }));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[0]!.json).toEqual(answers[1]!.json);
    expect(answers[0]!.json.success).toBe(true);
    const second = await waitForMail(app, 'pending@example.com', /Verify/, 1);
    expect((await call(app, 'POST', '/api/v1/verify/email', { token: tokenIn(second, '/verify/email') })).status).toBe(200);
    const verified = await call(app, 'POST', '/api/v1/resend-verification-email', { email: 'pending@example.com' });
    expect(verified.json).toEqual(answers[0]!.json);
    await Bun.sleep(50);
    expect((await outbox(app)).filter((m) => m.to === 'nobody@example.com')).toHaveLength(0);
    expect((await outbox(app)).filter((m) => m.to === 'pending@example.com')).toHaveLength(2);
  });

  test('resend checks the address shape like the forms do', async () => {
    const app = await makeApp();
    const r = await call(app, 'POST', '/api/v1/resend-verification-email', { email: 'nope' });
    expect(r.status).toBe(400);
    expect(r.json.errors).toEqual([{ field: 'email', message: 'Email address is invalid' }]);
  });
});
