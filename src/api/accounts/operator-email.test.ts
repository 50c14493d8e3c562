// An operator's own session never moves the account's mailbox (the mailbox confirms their two-step): Profile Settings
// and the API refuse it with where it is done instead, the server's command line (src/cli/admin-email.test.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { BASE, call, makeApp, page, type TestApp } from '../../../tests/helpers/app';
import { outbox, registeredPlayer, rows, tokenIn, waitForMail, GOOD_PASSWORD } from '../../../tests/helpers/accounts';
import { createOperatorUser, formTokenOf } from '../../../tests/helpers/players';
import { OPERATOR_EMAIL_FROM_SERVER } from '../../services/auth/operator-email-rule';
import { updateProfile } from '../../services/auth/profile';
import { createOperator } from '../../services/admin/operators';
import { accountsContext } from './accounts.model';

let app: TestApp;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(() => app.deps.database.client.close());

const REFUSED = { success: false, message: OPERATOR_EMAIL_FROM_SERVER, errorType: 'OPERATOR_EMAIL_FROM_SERVER', errors: [{ field: 'email', message: OPERATOR_EMAIL_FROM_SERVER }] };
const emailOf = async (userId: string): Promise<Record<string, unknown>> => ({ ...(await rows(app, 'SELECT email, pending_email FROM users WHERE id = ?', [userId]))[0] });
const propsOf = (doc: string, island: string) => JSON.parse(new RegExp(`data-island="${island}"[^>]*><script type="application/json">(.*?)</script>`).exec(doc)![1]!);

describe("an operator's own e-mail change", () => {
  test('the API refuses it before the password is even checked; nothing pending, nothing mailed, no session ended', async () => {
    const op = await createOperatorUser(app);
    const other = await call(app, 'POST', '/api/v1/login', { email: op.email, password: op.password });
    for (const currentPassword of [op.password, 'Not-the-password1']) {
      const r = await call(app, 'PATCH', '/api/v1/user/update-profile', { name: '', phoneNo: '', email: 'thief@example.com', currentPassword }, { token: op.token });
      expect([r.status, r.json]).toEqual([403, REFUSED]);
    }
    expect(await emailOf(op.userId)).toEqual({ email: op.email, pending_email: null });
    expect((await outbox(app)).filter((m) => m.to === 'thief@example.com')).toEqual([]);
    expect((await call(app, 'GET', '/api/v1/user/details', undefined, { token: other.json.token })).status).toBe(200);
    // The name and phone still change (the address kept).
    const kept = await call(app, 'PATCH', '/api/v1/user/update-profile', { name: 'Ada Byron', phoneNo: '', email: op.email }, { token: op.token });
    expect(kept.status).toBe(200);
  });

  test('the service refuses it too, whoever calls it', async () => {
    const op = await createOperatorUser(app);
    const refused = updateProfile(accountsContext(app.deps), { userId: op.userId, sessionId: op.sessionId }, { name: '', phoneNo: '', email: 'thief2@example.com' });
    expect(refused).rejects.toMatchObject({ status: 403, errorType: 'OPERATOR_EMAIL_FROM_SERVER' });
    await refused.catch(() => {});
    expect(await emailOf(op.userId)).toEqual({ email: op.email, pending_email: null });
  });

  test('the plain form of Profile Settings: refused at the address with the same words; the field shows the address read-only', async () => {
    const op = await createOperatorUser(app);
    const shown = await (await page(app, '/profile-setting', { cookie: `token=${op.token}` })).text();
    expect(propsOf(shown, 'AccountInfoForm').operator).toBe(true);
    const field = /<input id="profile-email"[^>]*>/.exec(shown)![0];
    expect(field).toContain('readOnly=""');
    expect(field).toContain('aria-describedby="profile-email-hint"');
    expect(shown).toContain('<p class="field-hint" id="profile-email-hint">An operator&#x27;s email is changed on the server&#x27;s command line (coinreel admin email), not here.</p>');
    expect(shown).not.toContain('id="profile-current-password"');
    const res = await app.handle(new Request(`${BASE}/profile-setting`, {
      method: 'POST', redirect: 'manual',
      headers: { origin: BASE, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded', cookie: `token=${op.token}` },
      body: new URLSearchParams({ _token: formTokenOf(app, op), _action: 'profile', name: '', phoneNo: '', email: 'thief@example.com', currentPassword: op.password }),
    }));
    expect(res.status).toBe(403);
    const form = propsOf(await res.text(), 'AccountInfoForm').form;
    expect(form).toMatchObject({ action: 'profile', errors: { email: OPERATOR_EMAIL_FROM_SERVER } });
    expect(await emailOf(op.userId)).toEqual({ email: op.email, pending_email: null });
  });

  test('a change asked as a player and confirmed once promoted to operator is refused; a player still changes theirs', async () => {
    const { token, user } = await registeredPlayer(app, 'soon.operator@example.com');
    const asked = await call(app, 'PATCH', '/api/v1/user/update-profile', { name: '', phoneNo: '', email: 'moved.operator@example.com', currentPassword: GOOD_PASSWORD }, { token });
    expect(asked.status).toBe(200);
    const link = tokenIn(await waitForMail(app, 'moved.operator@example.com', /Confirm/), '/verify/email');
    expect('errors' in (await createOperator(app.deps.database.client, app.config.publicUrl, { email: 'soon.operator@example.com' }))).toBe(false);
    const r = await call(app, 'POST', '/api/v1/verify/email', { token: link });
    expect([r.status, r.json.errorType]).toEqual([403, 'OPERATOR_EMAIL_FROM_SERVER']);
    expect((await emailOf(user._id)).email).toBe('soon.operator@example.com');

    const p = await registeredPlayer(app, 'a.player@example.com');
    expect((await call(app, 'PATCH', '/api/v1/user/update-profile', { name: '', phoneNo: '', email: 'b.player@example.com', currentPassword: GOOD_PASSWORD }, { token: p.token })).status).toBe(200);
    const playerLink = tokenIn(await waitForMail(app, 'b.player@example.com', /Confirm/), '/verify/email');
    expect((await call(app, 'POST', '/api/v1/verify/email', { token: playerLink })).status).toBe(200);
  });
});
