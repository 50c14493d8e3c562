import { beforeAll, describe, expect, test } from 'bun:test';
import { call, makeApp, page, type TestApp } from '../../tests/helpers/app';
import { newEmailToken } from '../services/auth/email-tokens';
import { createPlayer, type TestPlayer } from '../../tests/helpers/players';

let app: TestApp;
let p: TestPlayer;
beforeAll(async () => {
  app = await makeApp();
  p = await createPlayer(app, { name: 'Ada Lovelace' });
  await app.deps.database.client.execute({ sql: 'UPDATE users SET phone_no = ? WHERE id = ?', args: ['5551234567', p.userId] });
});
const asPlayer = () => ({ cookie: `token=${p.token}` });
const html = async (path: string, headers: Record<string, string> = {}) => {
  const r = await page(app, path, headers);
  expect(r.status).toBe(200);
  return r.text();
};
/** The props the server serialized for one island on the page. */
const propsOf = (doc: string, island: string) => JSON.parse(new RegExp(`data-island="${island}"[^>]*><script type="application/json">(.*?)</script>`).exec(doc)![1]!);
const h1s = (doc: string) => doc.match(/<h1[\s>]/g)?.length ?? 0;

describe('account pages: guards (DESIGN §6)', () => {
  test('a visitor asking for a signed-in page goes to /login with the path remembered, and is told why there', async () => {
    for (const path of ['/profile-setting', '/home']) {
      const r = await page(app, path);
      expect(r.status).toBe(303);
      expect(r.headers.get('location')).toBe(`/login?next=${encodeURIComponent(path)}`);
    }
  });

  test('a signed-in player on a public-only page goes to /home', async () => {
    for (const path of ['/login', '/register', '/forgot-password', '/reset-password/some-token']) {
      const r = await page(app, path, asPlayer());
      expect(r.status).toBe(303);
      expect(r.headers.get('location')).toBe('/home');
    }
  });

  test('a revoked session counts as a visitor', async () => {
    const gone = await createPlayer(app);
    await app.deps.database.client.execute({ sql: 'UPDATE sessions SET revoked_at = ? WHERE id = ?', args: [Date.now(), gone.sessionId] });
    expect((await page(app, '/profile-setting', { cookie: `token=${gone.token}` })).status).toBe(303);
    expect((await page(app, '/login', { cookie: `token=${gone.token}` })).status).toBe(200);
  });

  test('/reset-password without an id goes home', async () => {
    const r = await page(app, '/reset-password');
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('/');
  });

  test('the e-mail link page is open to visitors and players alike', async () => {
    // The first HTML (and a browser without script) offers the button and says what it does; no spinner.
    const first = await html('/verify/email/abc', asPlayer());
    // A signed-in player (confirming a changed address) is not told to log in; a visitor is.
    expect(first).toContain('<h1 class="result-title">Verify your email</h1><p>Press Verify Email to confirm this address belongs to you.</p>');
    expect(first).toMatch(/<form action="\/verify\/email\/abc" method="post">.*<button type="submit" class="btn btn-primary">Verify Email<\/button><\/form>/s);
    expect(first).not.toContain('Verifying...');
    expect(first).not.toContain('spinner');
    // The head's <noscript> is the stylesheet's; the page itself needs none.
    expect(first.slice(first.indexOf('<body'))).not.toContain('<noscript>');
    const doc = await html('/verify/email/abc');
    expect(doc).toContain('<p>Press Verify Email to confirm this address belongs to you. Then you can log in.</p>');
    expect(propsOf(doc, 'VerifyEmail')).toMatchObject({ token: 'abc', communityUrl: null, failed: false });
  });
});

describe('account pages: first HTML', () => {
  test('outside production the register form knows the dev mailbox (for its Check Your Email! dialog); in production it does not', async () => {
    expect(propsOf(await html('/register'), 'RegisterForm').mailbox).toBe('/dev/mailbox');
    expect(propsOf(await html('/'), 'RegisterForm').mailbox).toBe('/dev/mailbox');
    const prod = await makeApp({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9' });
    const doc = await (await page(prod, '/register')).text();
    expect(propsOf(doc, 'RegisterForm').mailbox).toBeUndefined();
    prod.deps.database.client.close();
  });

  test('login carries a same-site next path to the form and drops anything else', async () => {
    expect(propsOf(await html('/login'), 'LoginForm')).toEqual({ form: null });
    expect(await html('/login')).not.toContain('Please sign in to continue.');
    const asked = await html('/login?next=%2Fprofile-setting');
    expect(propsOf(asked, 'LoginForm')).toEqual({ next: '/profile-setting', form: null });
    expect(asked).toContain('<p class="alert alert-info" role="status">Please sign in to continue.</p>');
    // The plain post carries it too, as a hidden field.
    expect(asked).toContain('name="next" value="/profile-setting"');
    for (const bad of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', '/\t/evil.example', '/\n/evil.example']) {
      expect(propsOf(await html(`/login?next=${encodeURIComponent(bad)}`), 'LoginForm')).toEqual({ form: null });
    }
  });

  test('each form page has one h1, its island, the form rendered on the server, and links of spec §2', async () => {
    const login = await html('/login');
    expect(login).toContain('href="/forgot-password"');
    expect(login).toContain('href="/register"');
    expect(login).toContain('Remember me');
    const register = await html('/register');
    expect(register).toContain('href="/terms-condition"');
    expect(register).toContain('href="/privacy-policy"');
    for (const src of ['Online Search', 'Friend', 'SMS', 'Facebook', 'Other']) expect(register).toContain(`<span>${src}</span>`);
    expect(await html('/forgot-password')).toContain('Captcha');
    for (const doc of [login, register]) expect(h1s(doc)).toBe(1);
    const manifest = app.deps.assets.manifest;
    expect(login).toContain(manifest.islands.LoginForm!.src);
    expect(login).not.toContain(manifest.islands.RegisterForm!.src);
  });

  test('profile settings arrive filled with the player’s own details', async () => {
    const doc = await html('/profile-setting', asPlayer());
    expect(propsOf(doc, 'AccountInfoForm')).toMatchObject({ user: { name: 'Ada Lovelace', phoneNo: '5551234567', email: p.email, pendingEmail: null }, form: null });
    expect(doc).toContain('value="Ada Lovelace"');
    expect(doc).toContain('value="5551234567"');
    expect(doc).toContain(`value="${p.email}"`);
    expect(doc).toContain('Account Info');
    expect(doc).toContain('Change Password');
    expect(h1s(doc)).toBe(1);
    expect(doc).not.toContain('password_hash');
  });

  test('the dashboard shows the Player ID, Deposit, the services grid and the section anchors', async () => {
    const doc = await html('/home', asPlayer());
    expect(doc).toContain(`Player ID: <strong>${p.playerId}</strong>`);
    expect(doc).toContain('Deposit Now');
    expect(doc).toContain('id="services"');
    for (const id of ['home', 'transfer', 'redeem', 'withdraw']) expect(doc).toContain(`id="${id}"`);
    for (const title of ['Transfer to Game', 'Redeem from Game', 'Withdraw to Bitcoin']) expect(doc).toContain(title);
    // Every Deposit link reaches the deposit form without scripts and opens the deposit modal with them.
    const depositLinks = [...doc.matchAll(/<a ([^>]*)>(?:Deposit|Deposit Now)</g)].map((m) => m[1]!);
    expect(depositLinks.length).toBeGreaterThanOrEqual(3);
    for (const attrs of depositLinks) {
      expect(attrs).toContain('href="/deposit-bitcoin"');
      expect(attrs).toContain('data-deposit-open=');
    }
    expect(h1s(doc)).toBe(1);
  });
});

describe('spent links say so when the page loads', () => {
  const link = async (purpose: 'reset' | 'verify', change?: string) => {
    const t = newEmailToken(p.userId, purpose, new Date());
    await app.deps.database.client.execute({ sql: 'INSERT INTO email_tokens (token_hash, user_id, purpose, created_at, expires_at) VALUES (?, ?, ?, ?, ?)', args: [t.row.tokenHash, p.userId, purpose, t.row.createdAt.getTime(), t.row.expiresAt.getTime()] });
    if (change) await app.deps.database.client.execute({ sql: `UPDATE email_tokens SET ${change} WHERE token_hash = ?`, args: [t.row.tokenHash] });
    return t.raw;
  };

  test('one password rule wording: register, reset and change show the same sentence', async () => {
    const hint = (doc: string, id: string) => new RegExp(`<p class="field-hint" id="${id}-hint">([^<]*)</p>`).exec(doc)?.[1];
    const rule = 'At least 8 characters, with an uppercase letter, a lowercase letter and a number.';
    expect(hint(await html('/register'), 'register-password')).toBe(rule);
    expect(hint(await html(`/reset-password/${await link('reset')}`), 'reset-password')).toBe(rule);
    expect(hint(await html('/profile-setting', asPlayer()), 'change-new')).toBe(rule);
  });

  test('a live reset link shows the form; used, expired and unknown ones say which, with a button for a new link', async () => {
    expect(await html(`/reset-password/${await link('reset')}`)).toContain('Update Password');
    const cases = [
      [await link('reset', `used_at = ${Date.now()}`), 'This reset link has already been used.'],
      [await link('reset', `expires_at = ${Date.now() - 1}`), 'This reset link has expired.'],
      ['tok', 'This reset link is not valid.'],
    ] as const;
    for (const [token, message] of cases) {
      const doc = await html(`/reset-password/${token}`);
      expect(doc).toContain(message);
      expect(doc).toContain('<a class="btn btn-primary btn-block" href="/forgot-password">Request a new link</a>');
      expect(doc).not.toContain('Update Password');
      expect(doc).not.toContain('data-island="ResetPasswordForm"');
    }
  });

  test('a verification link used already renders Already Verified on the server; a live one is left to verify', async () => {
    const used = await link('verify', `used_at = ${Date.now()}`);
    const doc = await html(`/verify/email/${used}`);
    expect(propsOf(doc, 'VerifyEmail')).toMatchObject({ already: true });
    expect(doc).toContain('Your e-mail is already verified.');
    const live = await link('verify');
    expect(propsOf(await html(`/verify/email/${live}`), 'VerifyEmail')).toMatchObject({ already: false });
    // Reading the state did not spend the link.
    expect((await call(app, 'POST', '/api/v1/verify/email', { token: live })).status).toBe(200);
  });
});
