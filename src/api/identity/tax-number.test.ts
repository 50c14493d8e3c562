// The number the 1099 is filed under: a stolen session cannot put it on file or swap it, a counted withdrawal locks it
// against the player, only an operator with a reason changes it then, and every change is audited and mailed.
import { beforeAll, describe, expect, test } from 'bun:test';
import { BASE, call, type TestApp } from '../../../tests/helpers/app';
import { outbox } from '../../../tests/helpers/accounts';
import { identityApps } from '../../../tests/helpers/identity';
import { fund } from '../../../tests/helpers/money';
import { createOperatorUser, createPlayer, formTokenOf, type TestPlayer } from '../../../tests/helpers/players';
import { codeFor, testClock, turnOnTwoStep } from '../../../tests/helpers/two-step';

const { appWith, withdraw } = identityApps();
// Ten minutes behind the real time that stamps withdrawals (so a number saved by this clock is on file before them),
// and 10 s into a code's 30 s step.
const clock = testClock(Math.floor(Date.now() / 30_000) * 30_000 - 600_000 + 10_000);
let app: TestApp;
let op: TestPlayer;
beforeAll(async () => {
  app = await appWith({ IDENTITY_REQUIRED_FOR: 'none' }, { now: clock.now });
  op = await createOperatorUser(app);
});

const rows = async (sql: string, args: (string | number)[] = []) => (await app.deps.database.client.execute({ sql, args })).rows;
const save = (p: TestPlayer, body: Record<string, unknown>) => call(app, 'POST', '/api/v1/identity/tax-details', { confirmed: true, ...body }, { token: p.token });
const onFile = async (p: TestPlayer) => (await rows('SELECT tin_type, tin_last4 FROM tax_details WHERE user_id = ?', [p.userId])).map((r) => `${r.tin_type} ${r.tin_last4}`);
const audits = (p: TestPlayer) => rows("SELECT actor_id, actor_email, reason, before, after FROM audit_log WHERE action = 'tax_details.change' AND target_id = ? ORDER BY created_at", [p.userId]);
const mailsTo = async (p: TestPlayer) => (await outbox(app)).filter((m) => m.to === p.email && /tax details/i.test(m.subject));
/** Nothing on file, audited or mailed for `p`. */
async function untouched(p: TestPlayer) {
  expect(await onFile(p)).toEqual([]);
  expect(await audits(p)).toEqual([]);
  expect(await mailsTo(p)).toEqual([]);
}

describe("the player's own change", () => {
  test('without the password: 400 on currentPassword, with the other fields checked too; nothing saved', async () => {
    const p = await createPlayer(app);
    const r = await save(p, { tin: '123-45-6789' });
    expect([r.status, r.json.errors]).toEqual([400, [{ field: 'currentPassword', message: 'Current password is required' }]]);
    const all = await call(app, 'POST', '/api/v1/identity/tax-details', { tin: 'nope', currentPassword: 12 }, { token: p.token });
    expect(all.json.errors.map((e: { field: string }) => e.field)).toEqual(['tin', 'confirmed', 'currentPassword']);
    await untouched(p);
  });

  test('with a wrong password: 400 "Current password is incorrect"; nothing saved', async () => {
    const p = await createPlayer(app);
    const r = await save(p, { tin: '123-45-6789', currentPassword: 'Not-the-password1' });
    expect([r.status, r.json.errors]).toEqual([400, [{ field: 'currentPassword', message: 'Current password is incorrect' }]]);
    await untouched(p);
  });

  test('with two-step on: no code is 401 TOTP_REQUIRED, a wrong one TOTP_INVALID, nothing saved; the right one saves', async () => {
    const p = await createPlayer(app);
    const { secret } = await turnOnTwoStep(app, p, clock.t);
    clock.step();
    const none = await save(p, { tin: '123-45-6789', currentPassword: p.password });
    expect([none.status, none.json.errorType]).toEqual([401, 'TOTP_REQUIRED']);
    const wrong = await save(p, { tin: '123-45-6789', currentPassword: p.password, totp: '000000' });
    expect([wrong.status, wrong.json.errorType]).toEqual([401, 'TOTP_INVALID']);
    await untouched(p);
    // The password is checked before the code: a wrong password spends no code (the right code works after it).
    expect((await save(p, { tin: '123-45-6789', currentPassword: 'Not-the-password1', totp: codeFor(secret, clock.t) })).status).toBe(400);
    const ok = await save(p, { tin: '123-45-6789', currentPassword: p.password, totp: codeFor(secret, clock.t) });
    expect([ok.status, ok.json.message]).toEqual([200, 'Your SSN ending in 6789 is saved.']);
    expect(await onFile(p)).toEqual(['SSN 6789']);
  });

  test('a change is audited (last four digits, never the number) and mailed as "Your tax details were changed" with the last four only', async () => {
    const p = await createPlayer(app);
    expect((await save(p, { tin: '123-45-6789', currentPassword: p.password })).status).toBe(200);
    expect((await save(p, { tin: '912-70-4321', currentPassword: p.password })).status).toBe(200);
    const a = await audits(p);
    expect(a.map((r) => [r.actor_id, r.actor_email, r.reason, r.before && JSON.parse(String(r.before)), JSON.parse(String(r.after))])).toEqual([
      [p.userId, p.email, null, null, { type: 'SSN', last4: '6789' }],
      [p.userId, p.email, null, { type: 'SSN', last4: '6789' }, { type: 'ITIN', last4: '4321' }],
    ]);
    expect(JSON.stringify(a)).not.toMatch(/12345|123-45|91270|912-70/);
    const mails = await mailsTo(p);
    expect(mails.map((m) => m.subject)).toEqual(['Your tax details were changed', 'Your tax details were changed']);
    expect(mails[0]!.text).toContain('the ITIN ending in 4321');
    expect(mails[1]!.text).toContain('the SSN ending in 6789');
    for (const m of mails) expect(`${m.text} ${m.html}`).not.toMatch(/12345|123-45|91270|912-70/);
  });

  test('once a withdrawal has counted with the number on file, the player cannot change it: 409 saying to contact support', async () => {
    const p = await createPlayer(app);
    await fund(app, p.userId, 50_000);
    // A withdrawal made before any number was on file, and one cancelled since, do not lock it.
    const early = await withdraw(app, p, 100);
    await app.deps.database.client.execute({ sql: 'UPDATE withdrawals SET created_at = ? WHERE id = ?', args: [clock.t - 60_000, early.json.data.withdrawalId] });
    expect((await save(p, { tin: '123-45-6789', currentPassword: p.password })).status).toBe(200);
    const cancelled = await withdraw(app, p, 100);
    await app.deps.database.client.execute({ sql: "UPDATE withdrawals SET status = 'cancelled' WHERE id = ?", args: [cancelled.json.data.withdrawalId] });
    expect((await save(p, { tin: '912-70-4321', currentPassword: p.password })).status).toBe(200);
    // A pending one counts toward the year: locked from then on.
    expect((await withdraw(app, p, 100)).status).toBe(200);
    const r = await save(p, { tin: '123-45-6789', currentPassword: p.password });
    expect([r.status, r.json.errorType, r.json.message]).toEqual([409, 'TAX_DETAILS_LOCKED',
      'Your tax number is on file for withdrawals already counted toward a tax year, so it can no longer be changed here. Please contact support to change it.']);
    expect(await onFile(p)).toEqual(['ITIN 4321']);
    expect(await audits(p)).toHaveLength(2);
    // Refused before the password is checked: a locked number costs no password guess.
    expect((await save(p, { tin: '123-45-6789', currentPassword: 'wrong-one' })).json.errorType).toBe('TAX_DETAILS_LOCKED');
    expect((await call(app, 'GET', '/api/v1/identity', undefined, { token: p.token })).json.data.taxLocked).toBe(true);
  });

  test('a withdrawal that commits between the checks and the write still locks it: the write itself refuses', async () => {
    const p = await createPlayer(app);
    await fund(app, p.userId, 50_000);
    expect((await save(p, { tin: '123-45-6789', currentPassword: p.password })).status).toBe(200);
    // The step-up runs after the lock and password checks and before the write: a withdrawal lands there.
    const actor = { id: p.userId, email: p.email, ip: null };
    const raced = app.deps.identity.saveTax(actor, { tin: '912-70-4321', confirmed: true, currentPassword: p.password }, async () => {
      expect((await withdraw(app, p, 100)).status).toBe(200);
    });
    expect(await raced.then(() => 'saved', (e) => e.errorType)).toBe('TAX_DETAILS_LOCKED');
    expect(await onFile(p)).toEqual(['SSN 6789']);
    expect(await audits(p)).toHaveLength(1);
  });
});

describe("an operator's change from the console", () => {
  const adminSet = (p: TestPlayer, body: unknown, token = op.token) => call(app, 'POST', `/api/v1/admin/players/${p.userId}/tax-details`, body, { token });

  test('needs a reason; changes even a locked number; audited with the reason and the operator; the player is mailed', async () => {
    const p = await createPlayer(app);
    await fund(app, p.userId, 50_000);
    expect((await save(p, { tin: '123-45-6789', currentPassword: p.password })).status).toBe(200);
    expect((await withdraw(app, p, 100)).status).toBe(200);
    const noReason = await adminSet(p, { tin: '912-70-4321' });
    expect([noReason.status, noReason.json.errors]).toEqual([400, [{ field: 'reason', message: 'Give a reason: it is kept in the audit log.' }]]);
    const badTin = await adminSet(p, { tin: '000-00-0000', reason: 'Typo fixed, ID checked' });
    expect([badTin.status, badTin.json.errors]).toEqual([400, [{ field: 'tin', message: 'Enter a valid 9-digit SSN or ITIN' }]]);
    expect(await onFile(p)).toEqual(['SSN 6789']);
    expect((await adminSet(p, { tin: '912-70-4321', reason: 'Typo fixed, ID checked' }, p.token)).status).toBe(403);
    const ok = await adminSet(p, { tin: '912-70-4321', reason: 'Typo fixed, ID checked' });
    expect([ok.status, ok.json.message]).toEqual([200, 'Tax number changed to the ITIN ending in 4321. The player was e-mailed.']);
    expect(await onFile(p)).toEqual(['ITIN 4321']);
    const last = (await audits(p)).at(-1)!;
    expect([last.actor_id, last.actor_email, last.reason, JSON.parse(String(last.before)), JSON.parse(String(last.after))])
      .toEqual([op.userId, op.email, 'Typo fixed, ID checked', { type: 'SSN', last4: '6789' }, { type: 'ITIN', last4: '4321' }]);
    const mail = (await mailsTo(p))[0]!;
    expect(mail.text).toContain('by our support team');
    expect(mail.text).toContain('the ITIN ending in 4321');
    expect(`${mail.text} ${mail.html}`).not.toContain('91270');
    // Still locked for the player.
    expect((await save(p, { tin: '123-45-6789', currentPassword: p.password })).json.errorType).toBe('TAX_DETAILS_LOCKED');
    expect((await call(app, 'POST', '/api/v1/admin/players/nobody/tax-details', { tin: '912-70-4321', reason: 'Typo fixed' }, { token: op.token })).status).toBe(404);
  });

  test("the console's player page: the form changes it; a refused post shows the form again without the number typed", async () => {
    const p = await createPlayer(app);
    const post = (fields: Record<string, string>) => app.handle(new Request(`${BASE}/admin/players/${p.userId}`, {
      method: 'POST', redirect: 'manual', body: new URLSearchParams({ _token: formTokenOf(app, op), _action: 'setTax', id: p.userId, ...fields }),
      headers: { cookie: `token=${op.token}`, origin: BASE, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
    }));
    const unticked = await post({ tin: '219-09-9999', reason: 'Asked by phone, ID checked' });
    const doc = await unticked.text();
    expect([unticked.status, doc.includes('Tick the box to confirm.')]).toEqual([400, true]);
    expect(doc).not.toMatch(/219-?09/);
    const noReason = await post({ tin: '219-09-9999', reason: '', confirm: 'yes' });
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).not.toMatch(/219-?09/);
    expect(await onFile(p)).toEqual([]);
    const done = await post({ tin: '219-09-9999', reason: 'Asked by phone, ID checked', confirm: 'yes' });
    expect(done.status).toBe(303);
    expect(await onFile(p)).toEqual(['SSN 9999']);
  });
});

describe('the page without script', () => {
  const post = (p: TestPlayer, fields: Record<string, string>) =>
    app.handle(new Request(BASE + '/verify-identity', {
      method: 'POST', body: new URLSearchParams({ _token: formTokenOf(app, p), _action: 'tax', ...fields }), redirect: 'manual',
      headers: { cookie: `token=${p.token}`, origin: BASE, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
    }));
  const html = async (p: TestPlayer) => (await app.handle(new Request(BASE + '/verify-identity', { headers: { cookie: `token=${p.token}` } }))).text();

  test('the form asks for the password, and for the code only with two-step on; a refusal never shows the number again', async () => {
    const p = await createPlayer(app);
    const doc = await html(p);
    expect(doc).toMatch(/<label for="verify-currentPassword">Your password<\/label><input id="verify-currentPassword" type="password"[^>]*name="currentPassword"/);
    expect(doc).not.toContain('name="totp"');
    // (Not the form's placeholder number, so that its absence means something.)
    const refused = await post(p, { tin: '219-09-9999', confirmed: 'yes', currentPassword: 'Not-the-password1' });
    const text = await refused.text();
    expect(refused.status).toBe(400);
    expect(text).toContain('Current password is incorrect');
    expect(text).not.toMatch(/219-?09/);
    expect(text).not.toContain('Not-the-password1');
    const saved = await post(p, { tin: '123-45-6789', confirmed: 'yes', currentPassword: p.password });
    expect([saved.status, saved.headers.get('location')]).toEqual([303, '/verify-identity']);
    expect(await onFile(p)).toEqual(['SSN 6789']);
    const q = await createPlayer(app);
    clock.step();
    const { secret } = await turnOnTwoStep(app, q, clock.t);
    expect(await html(q)).toContain('name="totp"');
    clock.step();
    expect((await post(q, { tin: '123-45-6789', confirmed: 'yes', currentPassword: q.password })).status).toBe(401);
    expect((await post(q, { tin: '123-45-6789', confirmed: 'yes', currentPassword: q.password, totp: codeFor(secret, clock.t) })).status).toBe(303);
  });

  test('a locked number is shown with where to ask, and no form', async () => {
    const p = await createPlayer(app);
    await fund(app, p.userId, 50_000);
    expect((await save(p, { tin: '123-45-6789', currentPassword: p.password })).status).toBe(200);
    expect((await withdraw(app, p, 100)).status).toBe(200);
    const doc = await html(p);
    expect(doc).toContain('so it can no longer be changed here. If it is wrong, contact support at');
    expect(doc).not.toContain('name="tin"');
  });
});
