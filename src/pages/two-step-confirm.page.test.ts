// An operator's two-step without script (OPERATOR_TWO_STEP=required): the set-up's plain posts end in "check your
// e-mail", the mailed link's page posts its button to the profile's two-step section, which shows the recovery codes.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { BASE, page, type TestApp } from '../../tests/helpers/app';
import { rows } from '../../tests/helpers/accounts';
import { createOperatorUser, formTokenOf, type TestPlayer } from '../../tests/helpers/players';
import { codeFor, confirmationToken, makeClockedApp, testClock } from '../../tests/helpers/two-step';
import { hashToken } from '../services/auth/email-tokens';
import { PROOF_LINK_REFUSALS } from '../services/auth/two-step-mail-proof';

const clock = testClock();
let app: TestApp;
beforeAll(async () => {
  app = await makeClockedApp(clock, { OPERATOR_TWO_STEP: 'required' });
});
afterAll(() => app.deps.database.client.close());

/** A plain form post of a signed-in browser without script. */
const post = (path: string, fields: Record<string, string>, p: TestPlayer) =>
  app.handle(new Request(BASE + path, {
    method: 'POST', redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: BASE, 'sec-fetch-site': 'same-origin', cookie: `token=${p.token}` },
    body: new URLSearchParams({ _token: formTokenOf(app, p), ...fields }),
  }));
const get = (path: string, p: TestPlayer) => page(app, path, { cookie: `token=${p.token}` });
const propsOf = (doc: string, island: string) => JSON.parse(new RegExp(`data-island="${island}"[^>]*><script type="application/json">(.*?)</script>`).exec(doc)![1]!);
const CHECK = 'Check your e-mail to finish turning it on.';

/** Set-up and first code through the profile page's plain posts, as a browser without script. */
async function enableByForm(op: TestPlayer) {
  const setup = await post('/profile-setting', { _action: '2fa-setup' }, op);
  const values = propsOf(await setup.text(), 'TwoStepSettings').form.values as { secret: string; otpauthUrl: string };
  return post('/profile-setting', { _action: '2fa-enable', code: codeFor(values.secret, clock.t), currentPassword: op.password, secret: values.secret, otpauthUrl: values.otpauthUrl }, op);
}

describe('without script', () => {
  test('enable → "check your e-mail" in the section → the link\'s page → its button: on, the recovery codes shown once', async () => {
    const op = await createOperatorUser(app);
    clock.step();
    const enabled = await enableByForm(op);
    expect([enabled.status, enabled.headers.get('location')]).toEqual([303, '/profile-setting#two-step']);
    const profile = await (await get('/profile-setting', op)).text();
    const props = propsOf(profile, 'TwoStepSettings');
    expect(props).toMatchObject({ enabled: false, confirmsByEmail: true, awaiting: { sentTo: op.email } });
    // The island's first HTML says it, with a button to send the link again and one to start over.
    expect(profile).toContain(CHECK);
    expect(profile).toContain(`We sent a link to <strong class="break">${op.email}</strong>`);
    expect(profile).toContain('name="_action" value="2fa-resend"');

    const link = await confirmationToken(app, op.email);
    const shown = await (await get(`/two-step/confirm/${link}`, op)).text();
    expect(shown).toContain('Turn on two-step verification</button>');
    const on = await post('/profile-setting', { _action: '2fa-confirm', token: link }, op);
    expect(on.status).toBe(200);
    const codes = propsOf(await on.text(), 'TwoStepSettings').form;
    expect(codes.action).toBe('2fa-codes');
    expect(String(codes.values.recoveryCodes).split(' ')).toHaveLength(10);
    expect((await rows(app, 'SELECT enabled_at FROM user_totp WHERE user_id = ?', [op.userId]))[0]!.enabled_at).not.toBeNull();
    // The link worked once: its page says so on load, and its button again is refused with the same words.
    expect(await (await get(`/two-step/confirm/${link}`, op)).text()).toContain(PROOF_LINK_REFUSALS.used);
    const again = await post('/profile-setting', { _action: '2fa-confirm', token: link }, op);
    expect(again.status).toBe(400);
    expect(propsOf(await again.text(), 'TwoStepSettings').form).toMatchObject({ action: '2fa-confirm', message: PROOF_LINK_REFUSALS.used });
  });

  test('the link again by the plain button; once expired, the section is back to off and the link refused', async () => {
    const op = await createOperatorUser(app);
    clock.step();
    await enableByForm(op);
    const first = await confirmationToken(app, op.email);
    const resent = await post('/profile-setting', { _action: '2fa-resend' }, op);
    expect([resent.status, resent.headers.get('location')]).toEqual([303, '/profile-setting#two-step']);
    const second = await confirmationToken(app, op.email, 1);
    expect(second).not.toBe(first);
    await app.deps.database.client.execute({ sql: 'UPDATE email_tokens SET expires_at = ? WHERE token_hash = ?', args: [Date.now() - 1, hashToken(second)] });
    const profile = await (await get('/profile-setting', op)).text();
    expect(propsOf(profile, 'TwoStepSettings')).toMatchObject({ enabled: false, awaiting: null });
    expect(profile).not.toContain(CHECK);
    expect(await (await get(`/two-step/confirm/${second}`, op)).text()).toContain(PROOF_LINK_REFUSALS.expired);
    const late = await post('/profile-setting', { _action: '2fa-confirm', token: second }, op);
    expect(propsOf(await late.text(), 'TwoStepSettings').form.message).toBe(PROOF_LINK_REFUSALS.expired);
  });

  test('the link signed out goes to sign-in first; in another session it says where it works', async () => {
    const op = await createOperatorUser(app);
    clock.step();
    await enableByForm(op);
    const link = await confirmationToken(app, op.email);
    const out = await page(app, `/two-step/confirm/${link}`);
    expect([out.status, out.headers.get('location')]).toEqual([303, `/login?next=${encodeURIComponent(`/two-step/confirm/${link}`)}`]);
    const other = await createOperatorUser(app);
    await app.deps.database.client.execute({ sql: 'UPDATE sessions SET user_id = ? WHERE id = ?', args: [op.userId, other.sessionId] });
    const elsewhere = await (await get(`/two-step/confirm/${link}`, other)).text();
    expect(elsewhere).toContain(PROOF_LINK_REFUSALS['other-session']);
    expect(elsewhere).not.toContain('name="_action" value="2fa-confirm"');
  });
});
