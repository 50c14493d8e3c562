import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { BASE, call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { startOnfidoDouble, type OnfidoDouble } from '../../../tests/doubles/onfido';
import { submitIdentity } from '../../../tests/helpers/identity';
import { createOperatorUser, createPlayer, type TestPlayer } from '../../../tests/helpers/players';

let onfido: OnfidoDouble;
let app: TestApp;
beforeAll(async () => {
  onfido = startOnfidoDouble('api-token-1', 'webhook-token-1');
  app = await makeApp({ ONFIDO_API_TOKEN: 'api-token-1', ONFIDO_WEBHOOK_TOKEN: 'webhook-token-1', ONFIDO_API_URL: onfido.url, IDENTITY_REQUIRED_FOR: 'withdrawal' });
});
afterAll(() => onfido.stop());

const deliver = (body: string, headers: Record<string, string>) => app.handle(new Request(`${BASE}/api/v1/webhooks/identity/onfido`, { method: 'POST', headers, body }));
const statusOf = async (token: string) => (await call(app, 'GET', '/api/v1/identity', undefined, { token })).json.data;
const row = async (userId: string) => (await app.deps.database.client.execute({ sql: 'SELECT * FROM identity_submissions WHERE user_id = ?', args: [userId] })).rows[0]!;

describe('Onfido adapter against its double', () => {
  test('a submission creates the applicant, uploads both sides and the selfie, and starts a check; a signed clear verdict verifies', async () => {
    const p = await createPlayer(app);
    expect((await submitIdentity(app, p, { legalName: 'Ada King Lovelace' })).status).toBe(201);
    const posted = onfido.requests.map((r) => `${r.method} ${r.path}`);
    expect(posted).toEqual(['POST /v3.6/applicants', 'POST /v3.6/documents', 'POST /v3.6/documents', 'POST /v3.6/live_photos', 'POST /v3.6/checks']);
    expect(onfido.requests.every((r) => r.auth === 'Token token=api-token-1')).toBe(true);
    expect(onfido.requests[0]!.fields).toMatchObject({ first_name: 'Ada', last_name: 'King Lovelace', dob: '1990-12-10', address: { state: 'TX', postcode: '78701', country: 'USA' } });
    expect(onfido.requests[1]!.fields).toMatchObject({ type: 'driving_licence', side: 'front', issuing_country: 'USA', file: { type: 'image/png' } });
    expect(onfido.requests[2]!.fields).toMatchObject({ side: 'back', file: { type: 'image/jpeg' } });
    expect(onfido.requests[4]!.fields).toMatchObject({ report_names: ['document', 'facial_similarity_photo'] });
    const s = await row(p.userId);
    expect(s).toMatchObject({ vendor: 'onfido', status: 'submitted' });
    const checkId = String(s.vendor_ref);
    expect(onfido.checks.has(checkId)).toBe(true);
    const r = await onfido.complete(checkId, 'clear', deliver);
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ success: true, result: 'applied' });
    // The check's reports are read for the address on the ID, which says Texas as the player did.
    expect(onfido.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v3.6/reports' });
    expect(await statusOf(p.token)).toMatchObject({ status: 'verified', state: 'TX' });
    const audit = await app.deps.database.client.execute({ sql: 'SELECT action, actor_id, reason FROM audit_log WHERE target_id = ?', args: [String(s.id)] });
    expect(audit.rows).toEqual([expect.objectContaining({ action: 'identity.approve', actor_id: 'vendor:onfido', reason: 'Onfido check clear.' })]);
  });

  test('a "consider" verdict rejects with a reason the player sees', async () => {
    const p = await createPlayer(app);
    await submitIdentity(app, p);
    const checkId = String((await row(p.userId)).vendor_ref);
    expect((await onfido.complete(checkId, 'consider', deliver)).status).toBe(200);
    const s = await statusOf(p.token);
    expect(s.status).toBe('rejected');
    expect(s.reason).toContain('The identity check was not clear (consider).');
  });

  test('the webhook signature: a wrong one and a missing one are refused and change nothing', async () => {
    const p = await createPlayer(app);
    await submitIdentity(app, p);
    const checkId = String((await row(p.userId)).vendor_ref);
    const wrong = await onfido.complete(checkId, 'clear', deliver, 'ab'.repeat(32));
    expect(wrong.status).toBe(401);
    const missing = await onfido.complete(checkId, 'clear', deliver, null);
    expect(missing.status).toBe(401);
    const garbage = await onfido.complete(checkId, 'clear', deliver, 'not-hex');
    expect(garbage.status).toBe(401);
    expect(await statusOf(p.token)).toMatchObject({ status: 'submitted' });
    // Signed with the right token, the same delivery lands.
    expect((await onfido.complete(checkId, 'clear', deliver)).status).toBe(200);
    expect(await statusOf(p.token)).toMatchObject({ status: 'verified' });
  });

  test('Onfido unreachable: the submission is kept for an operator to review', async () => {
    const down = await makeApp({ ONFIDO_API_TOKEN: 'wrong-token', ONFIDO_WEBHOOK_TOKEN: 'w', ONFIDO_API_URL: onfido.url });
    const p = await createPlayer(down);
    expect((await submitIdentity(down, p)).status).toBe(201);
    const s = (await down.deps.database.client.execute({ sql: 'SELECT vendor, vendor_ref, status FROM identity_submissions WHERE user_id = ?', args: [p.userId] })).rows[0]!;
    expect(s).toMatchObject({ vendor: null, vendor_ref: null, status: 'submitted' });
  });
});

describe('a clear Onfido verdict verifies only what Onfido checked: the address state comes from the ID', () => {
  const audit = async (id: string) => (await app.deps.database.client.execute({ sql: 'SELECT action, actor_id, reason FROM audit_log WHERE target_id = ? ORDER BY created_at', args: [id] })).rows;
  async function submitted(over: Record<string, string | null> = {}) {
    const p = await createPlayer(app);
    expect((await submitIdentity(app, p, over)).status).toBe(201);
    const s = await row(p.userId);
    return { p, id: String(s.id), checkId: String(s.vendor_ref) };
  }

  test('the ID says Washington, the player typed Texas: not verified; an operator sees why and decides', async () => {
    const { p, id, checkId } = await submitted();
    onfido.documentAddress(checkId, { street_address: '1 Pine St', city: 'Seattle', state: 'Washington', postal_code: '98101', country: 'USA', country_code: 'USA' });
    const r = await onfido.complete(checkId, 'clear', deliver);
    expect([r.status, (await r.json()).result]).toEqual([200, 'review']);
    expect(await statusOf(p.token)).toMatchObject({ status: 'submitted', state: null });
    const note = 'onfido cleared the ID and the face, but the address on the ID is in Washington (WA), not Texas (TX) as the player gave it. Check the address before deciding.';
    expect(await row(p.userId)).toMatchObject({ status: 'submitted', review_note: note, decided_at: null });
    expect(await audit(id)).toEqual([expect.objectContaining({ action: 'identity.vendor_review', actor_id: 'vendor:onfido', reason: note })]);
    // Delivered again: nothing more happens.
    expect((await (await onfido.complete(checkId, 'clear', deliver)).json()).result).toBe('review');
    expect(await audit(id)).toHaveLength(1);
    // The console shows the note on the submission, and the operator's decision is the one that counts.
    const op = await createOperatorUser(app);
    const page = await (await app.handle(new Request(`${BASE}/admin/identity/${id}`, { headers: { cookie: `token=${op.token}` } }))).text();
    expect(page).toContain(note);
    const listed = await call(app, 'GET', '/api/v1/admin/identity', undefined, { token: op.token });
    expect(listed.json.submissions.find((x: { id: string }) => x.id === id).reviewNote).toBe(note);
    const rejected = await call(app, 'POST', `/api/v1/admin/identity/${id}/reject`, { reason: 'The address on your ID is not the one you gave.' }, { token: op.token });
    expect(rejected.status).toBe(200);
    expect(await statusOf(p.token)).toMatchObject({ status: 'rejected' });
  });

  test('a passport has no address: the state the player typed is left for an operator', async () => {
    const { p, id, checkId } = await submitted({ idType: 'passport', back: null });
    expect((await (await onfido.complete(checkId, 'clear', deliver)).json()).result).toBe('review');
    expect(await statusOf(p.token)).toMatchObject({ status: 'submitted' });
    expect((await row(p.userId)).review_note).toBe('onfido cleared the ID and the face, but read no US address from the ID, so the state the player gave, Texas (TX), is unchecked. Check the address before deciding.');
    expect((await audit(id)).map((a) => a.action)).toEqual(['identity.vendor_review']);
  });

  test('an address outside the US, or a state Onfido wrote out in full that matches, each as it should', async () => {
    // Western Australia is "WA" too: a code alone does not make it Washington.
    const abroad = await submitted({ state: 'WA', city: 'Seattle', postalCode: '98101' });
    onfido.documentAddress(abroad.checkId, { street_address: '1 Hay St', city: 'Perth', state: 'WA', postal_code: '6000', country: 'Australia', country_code: 'AUS' });
    expect((await (await onfido.complete(abroad.checkId, 'clear', deliver)).json()).result).toBe('review');
    const spelled = await submitted();
    onfido.documentAddress(spelled.checkId, { street_address: '12 Analytical Way', city: 'Austin', state: 'TEXAS', postal_code: '78701', country: 'USA', country_code: 'USA' });
    expect((await (await onfido.complete(spelled.checkId, 'clear', deliver)).json()).result).toBe('applied');
    expect(await statusOf(spelled.p.token)).toMatchObject({ status: 'verified', state: 'TX' });
  });

  test('RESTRICTED_STATES: a player who types an open state with an ID from a restricted one is never verified automatically', async () => {
    const restricted = await makeApp({ ONFIDO_API_TOKEN: 'api-token-1', ONFIDO_WEBHOOK_TOKEN: 'webhook-token-1', ONFIDO_API_URL: onfido.url, RESTRICTED_STATES: 'WA' });
    const p: TestPlayer = await createPlayer(restricted);
    expect((await submitIdentity(restricted, p)).status).toBe(201);
    const checkId = String((await restricted.deps.database.client.execute({ sql: 'SELECT vendor_ref FROM identity_submissions WHERE user_id = ?', args: [p.userId] })).rows[0]!.vendor_ref);
    onfido.documentAddress(checkId, { street_address: '1 Pine St', city: 'Seattle', state: 'WA', postal_code: '98101', country: 'USA', country_code: 'USA' });
    const hook = (body: string, headers: Record<string, string>) => restricted.handle(new Request(`${BASE}/api/v1/webhooks/identity/onfido`, { method: 'POST', headers, body }));
    expect((await (await onfido.complete(checkId, 'clear', hook)).json()).result).toBe('review');
    const s = (await call(restricted, 'GET', '/api/v1/identity', undefined, { token: p.token })).json.data;
    expect(s).toMatchObject({ status: 'submitted', state: null });
  });
});
