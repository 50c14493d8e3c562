// With OPERATOR_TWO_STEP=required an operator's two-step turns on only with proof of the account's mailbox: a link mailed
// to its address, opened in the sign-in that asked. A thief with the password can scan their own authenticator, but
// never reads the mail, so two-step stays off and the console shut however they sign in again.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { call, page, type TestApp } from '../../../tests/helpers/app';
import { outbox, rows, tokenIn, waitForMail } from '../../../tests/helpers/accounts';
import { createOperatorUser, createPlayer, type TestPlayer } from '../../../tests/helpers/players';
import { codeFor, CONFIRM_SUBJECT, confirmationToken, makeClockedApp, testClock } from '../../../tests/helpers/two-step';
import { hashToken } from '../../services/auth/email-tokens';
import { PROOF_LINK_REFUSALS } from '../../services/auth/two-step-mail-proof';
import { TWO_STEP_ON } from '../accounts/two-step.routes';

const clock = testClock();
let app: TestApp;
beforeAll(async () => {
  app = await makeClockedApp(clock, { OPERATOR_TWO_STEP: 'required' });
});
afterAll(() => app.deps.database.client.close());

const CHROME_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const TURN_ON = { success: false, message: 'The operator console needs two-step verification: turn it on in your profile settings first.', errorType: 'TWO_STEP_REQUIRED', link: '/profile-setting?two-step=required#two-step' };
const CHECK_MAIL = (to: string) => `Check your e-mail to finish turning it on: we sent a link to ${to}. Open it in this browser within 30 minutes. Two-step verification stays off until then.`;

async function signIn(p: TestPlayer, totp?: string): Promise<string> {
  const r = await call(app, 'POST', '/api/v1/login', { email: p.email, password: p.password, ...(totp && { totp }) });
  if (r.status !== 200) throw new Error(`login: ${r.status} ${r.text}`);
  return r.json.token;
}
const overview = (token: string) => call(app, 'GET', '/api/v1/admin/overview', undefined, { token });
const status = async (token: string) => (await call(app, 'GET', '/api/v1/user/2fa', undefined, { token })).json.data;
const confirm = (token: string, link: string) => call(app, 'POST', '/api/v1/user/2fa/confirm', { token: link }, { token });
const totpRow = async (userId: string) => (await rows(app, 'SELECT secret, enabled_at, awaiting_secret FROM user_totp WHERE user_id = ?', [userId]))[0];

/** Set-up and enable with the password and a code of the new authenticator, in the session `token`. */
async function enable(p: TestPlayer, token: string) {
  const s = await call(app, 'POST', '/api/v1/user/2fa/setup', {}, { token });
  const e = await call(app, 'POST', '/api/v1/user/2fa/enable', { code: codeFor(s.json.secret, clock.t), currentPassword: p.password }, { token, headers: { 'user-agent': CHROME_ON_LINUX } });
  return { secret: s.json.secret as string, e };
}

describe('the thief with the password', () => {
  test('enrolls their authenticator, cannot read the mail, signs in again with their code: two-step is off and the console 403', async () => {
    const victim = await createOperatorUser(app);
    const stolen = await signIn(victim);
    clock.step();
    const { secret, e } = await enable(victim, stolen);
    // Not on: no recovery codes, and the answer says where the proof went.
    expect([e.status, e.json]).toEqual([202, { success: true, message: CHECK_MAIL(victim.email), awaitingEmail: { sentTo: victim.email, expiresAt: expect.any(String) } }]);
    expect(await status(stolen)).toMatchObject({ enabled: false, confirmsByEmail: true, awaitingEmail: { sentTo: victim.email } });
    expect(await totpRow(victim.userId)).toMatchObject({ secret: null, enabled_at: null });
    // Nothing was turned on, so the owner's own session goes on.
    expect((await call(app, 'GET', '/api/v1/user/details', undefined, { token: victim.token })).status).toBe(200);

    // The owner's mailbox is told what was asked, from where, when, and what to do if it was not them.
    const mail = await waitForMail(app, victim.email, CONFIRM_SUBJECT);
    expect(mail.text).toContain('from Chrome on Linux');
    expect(mail.text).toMatch(/on \w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT/);
    expect(mail.text).toContain('change your password and tell the other operators');
    expect(mail.text).toContain('This link works once and expires in 30 minutes.');
    const link = tokenIn(mail, '/two-step/confirm');
    // At rest the database holds no usable link: the token row keeps its hash, the queued mail keeps it sealed.
    const stored = await rows(app, "SELECT token_hash FROM email_tokens WHERE user_id = ? AND purpose = 'two_step_confirm'", [victim.userId]);
    expect(stored.map((r) => r.token_hash)).toEqual([hashToken(link)]);
    const queued = await rows(app, "SELECT data FROM mail_queue WHERE kind = 'two-step-confirm' AND to_address = ?", [victim.email]);
    expect(queued).toHaveLength(1);
    expect(String(queued[0]!.data)).not.toContain(link);

    // Without the mail a guessed link does nothing.
    const guessed = await confirm(stolen, 'A'.repeat(43));
    expect([guessed.status, guessed.json.message]).toEqual([400, PROOF_LINK_REFUSALS.unknown]);
    // Signed out, then in again with the password and a code of their own authenticator: still a password-only session.
    expect((await call(app, 'POST', '/api/v1/logout', undefined, { token: stolen })).status).toBe(200);
    clock.step();
    const again = await signIn(victim, codeFor(secret, clock.t));
    const api = await overview(again);
    expect([api.status, api.json]).toEqual([403, TURN_ON]);
    expect((await page(app, '/admin', { cookie: `token=${again}` })).headers.get('location')).toBe('/profile-setting?two-step=required#two-step');
    expect((await rows(app, "SELECT signed_in_with FROM sessions WHERE user_id = ? ORDER BY created_at DESC LIMIT 1", [victim.userId]))[0]!.signed_in_with).toBe('password');
    expect(await status(again)).toMatchObject({ enabled: false, awaitingEmail: null });

    // Had the thief's link reached the owner, the owner's own browser cannot confirm the thief's authenticator, nor can
    // a later session of the thief: only the sign-in that asked, which has ended.
    const owner = await confirm(victim.token, link);
    expect([owner.status, owner.json.errorType, owner.json.message]).toEqual([403, 'TWO_STEP_LINK_ELSEWHERE', PROOF_LINK_REFUSALS['other-session']]);
    expect((await confirm(again, link)).status).toBe(403);
    expect(await totpRow(victim.userId)).toMatchObject({ enabled_at: null });
    // The owner can still enroll their own (no TOTP_ALREADY_ON).
    expect((await call(app, 'POST', '/api/v1/user/2fa/setup', {}, { token: victim.token })).status).toBe(200);
  });
});

describe('the owner', () => {
  test('enable, the mailed link opened in the same session: on, the others signed out; signed in again with the code the console opens', async () => {
    const owner = await createOperatorUser(app);
    const elsewhere = await signIn(owner);
    clock.step();
    const { secret, e } = await enable(owner, owner.token);
    expect(e.status).toBe(202);
    const link = await confirmationToken(app, owner.email);
    // Opening the link's page changes nothing (mail scanners open links): it shows a button.
    const shown = await page(app, `/two-step/confirm/${link}`, { cookie: `token=${owner.token}` });
    expect(shown.status).toBe(200);
    const doc = await shown.text();
    expect(doc).toContain('<h1 class="auth-title">Confirm two-step verification</h1>');
    expect(doc).toMatch(/<form class="form" action="\/profile-setting#two-step" method="post"><input type="hidden" name="_action" value="2fa-confirm"\/><input type="hidden" name="token" value="[A-Za-z0-9_-]{43}"\/>/);
    expect(await totpRow(owner.userId)).toMatchObject({ enabled_at: null });
    expect((await call(app, 'GET', '/api/v1/user/details', undefined, { token: elsewhere })).status).toBe(200);

    const on = await confirm(owner.token, link);
    expect([on.status, on.json.message, on.json.recoveryCodes.length]).toEqual([200, TWO_STEP_ON, 10]);
    expect(await status(owner.token)).toMatchObject({ enabled: true, recoveryCodesLeft: 10, awaitingEmail: null });
    expect(await totpRow(owner.userId)).toMatchObject({ awaiting_secret: null });
    // Turning it on ended every other session, and the owner is told it is on.
    expect((await call(app, 'GET', '/api/v1/user/details', undefined, { token: elsewhere })).status).toBe(401);
    await waitForMail(app, owner.email, /^Two-step verification turned on$/);
    // The session that confirmed signed in with the password alone: the console waits for a sign-in with the code.
    expect((await overview(owner.token)).json.link).toBe('/profile-setting?two-step=sign-in-again#two-step');
    clock.step();
    const withCode = await signIn(owner, codeFor(secret, clock.t));
    expect((await overview(withCode)).status).toBe(200);
    // The link worked once.
    const twice = await confirm(owner.token, link);
    expect([twice.status, twice.json.message]).toEqual([400, PROOF_LINK_REFUSALS.used]);
  });

  test('two confirmations at once: one turns it on, the other is refused; ten recovery codes, not twenty', async () => {
    const owner = await createOperatorUser(app);
    clock.step();
    await enable(owner, owner.token);
    const link = await confirmationToken(app, owner.email);
    const both = await Promise.all([confirm(owner.token, link), confirm(owner.token, link)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await rows(app, 'SELECT 1 FROM totp_recovery_codes WHERE user_id = ?', [owner.userId])).toHaveLength(10);
  });

  test('the link again: a new one is mailed, the old one no longer works; another session cannot ask for it', async () => {
    const owner = await createOperatorUser(app);
    clock.step();
    await enable(owner, owner.token);
    const first = await confirmationToken(app, owner.email);
    const other = await signIn(owner);
    const refused = await call(app, 'POST', '/api/v1/user/2fa/confirm/resend', {}, { token: other });
    expect([refused.status, refused.json.errorType]).toEqual([409, 'TOTP_NOT_SET_UP']);
    const again = await call(app, 'POST', '/api/v1/user/2fa/confirm/resend', {}, { token: owner.token });
    expect([again.status, again.json.message]).toEqual([202, CHECK_MAIL(owner.email)]);
    const second = await confirmationToken(app, owner.email, 1);
    expect(second).not.toBe(first);
    expect((await confirm(owner.token, first)).json.message).toBe(PROOF_LINK_REFUSALS.used);
    expect((await confirm(owner.token, second)).status).toBe(200);
  });
});

describe('a link is refused, and two-step stays off', () => {
  test('expired: refused with its own words; nothing waits any more and it stays off', async () => {
    const owner = await createOperatorUser(app);
    clock.step();
    await enable(owner, owner.token);
    const link = await confirmationToken(app, owner.email);
    await app.deps.database.client.execute({ sql: 'UPDATE email_tokens SET expires_at = ? WHERE token_hash = ?', args: [Date.now() - 1, hashToken(link)] });
    const late = await confirm(owner.token, link);
    expect([late.status, late.json.errorType, late.json.message]).toEqual([400, 'TWO_STEP_LINK_INVALID', PROOF_LINK_REFUSALS.expired]);
    expect(await status(owner.token)).toMatchObject({ enabled: false, awaitingEmail: null });
    expect(await totpRow(owner.userId)).toMatchObject({ enabled_at: null, secret: null });
    expect((await overview(owner.token)).json).toEqual(TURN_ON);
    const shown = await (await page(app, `/two-step/confirm/${link}`, { cookie: `token=${owner.token}` })).text();
    expect(shown).toContain(PROOF_LINK_REFUSALS.expired);
  });

  test("another account's link: refused, and not spent for the account it was sent to", async () => {
    const a = await createOperatorUser(app);
    const b = await createOperatorUser(app);
    clock.step();
    await enable(a, a.token);
    const link = await confirmationToken(app, a.email);
    const wrong = await confirm(b.token, link);
    expect([wrong.status, wrong.json.errorType, wrong.json.message]).toEqual([403, 'TWO_STEP_LINK_ELSEWHERE', PROOF_LINK_REFUSALS['other-account']]);
    expect(await status(b.token)).toMatchObject({ enabled: false });
    expect((await confirm(a.token, link)).status).toBe(200);
  });

  test('another session of the same account: refused, not spent; a restarted set-up replaces the link', async () => {
    const owner = await createOperatorUser(app);
    clock.step();
    await enable(owner, owner.token);
    const first = await confirmationToken(app, owner.email);
    const second = await signIn(owner);
    expect((await confirm(second, first)).json.message).toBe(PROOF_LINK_REFUSALS['other-session']);
    // The second session turns it on for itself: a new link, the first one spent.
    clock.step();
    await enable(owner, second);
    const mine = await confirmationToken(app, owner.email, 1);
    expect((await confirm(owner.token, first)).json.message).toBe(PROOF_LINK_REFUSALS.used);
    expect((await confirm(owner.token, mine)).json.message).toBe(PROOF_LINK_REFUSALS['other-session']);
    expect((await confirm(second, mine)).status).toBe(200);
  });

  test('the claim itself refuses an expired, used, other-account or other-session link (a race past the read)', async () => {
    const { createMailProof } = await import('../../services/auth/two-step-mail-proof');
    const proof = createMailProof({ client: app.deps.database.client, cipher: app.deps.cipher, required: true });
    const owner = await createOperatorUser(app);
    const other = await createOperatorUser(app);
    clock.step();
    await enable(owner, owner.token);
    const link = await confirmationToken(app, owner.email);
    const db = app.deps.database.client;
    const changed = async (userId: string, sessionId: string) => {
      const [spend, move] = proof.claim(userId, sessionId, link, clock.t);
      const tx = await db.transaction('write');
      try {
        return [(await tx.execute(spend!)).rowsAffected, (await tx.execute(move!)).rowsAffected];
      } finally {
        await tx.rollback();
        tx.close();
      }
    };
    expect(await changed(owner.userId, owner.sessionId)).toEqual([1, 1]);
    expect(await changed(other.userId, owner.sessionId)).toEqual([0, 0]);
    expect(await changed(owner.userId, crypto.randomUUID())).toEqual([1, 0]);
    // A live link that is not the one the set-up waits for: neither the read nor the claim take it.
    await db.execute({ sql: 'UPDATE user_totp SET awaiting_token_hash = ? WHERE user_id = ?', args: ['not-this-link', owner.userId] });
    expect(await changed(owner.userId, owner.sessionId)).toEqual([1, 0]);
    expect(await proof.linkState(owner.userId, owner.sessionId, link)).toBe('used');
    await db.execute({ sql: 'UPDATE email_tokens SET expires_at = ? WHERE token_hash = ?', args: [Date.now() - 1, hashToken(link)] });
    expect((await changed(owner.userId, owner.sessionId))[0]).toBe(0);
    await db.execute({ sql: 'UPDATE email_tokens SET expires_at = ?, used_at = ? WHERE token_hash = ?', args: [Date.now() + 60_000, Date.now(), hashToken(link)] });
    expect((await changed(owner.userId, owner.sessionId))[0]).toBe(0);
  });
});

describe('who proves the mailbox', () => {
  test('a player turns it on at once, as before: no mail, the recovery codes in the answer', async () => {
    const p = await createPlayer(app);
    clock.step();
    const { e } = await enable(p, p.token);
    expect([e.status, e.json.recoveryCodes?.length]).toEqual([200, 10]);
    expect(await status(p.token)).toMatchObject({ enabled: true, confirmsByEmail: false });
    expect((await outbox(app)).filter((m) => m.to === p.email && CONFIRM_SUBJECT.test(m.subject))).toEqual([]);
  });

  test('with OPERATOR_TWO_STEP=optional an operator turns it on at once too', async () => {
    const loose = await makeClockedApp(clock, { OPERATOR_TWO_STEP: 'optional' });
    const o = await createOperatorUser(loose);
    const s = await call(loose, 'POST', '/api/v1/user/2fa/setup', {}, { token: o.token });
    const e = await call(loose, 'POST', '/api/v1/user/2fa/enable', { code: codeFor(s.json.secret, clock.t), currentPassword: o.password }, { token: o.token });
    expect([e.status, e.json.recoveryCodes?.length]).toEqual([200, 10]);
    loose.deps.database.client.close();
  });
});
