import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { BASE, call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { startOnfidoDouble, type OnfidoDouble } from '../../../tests/doubles/onfido';
import { submitIdentity } from '../../../tests/helpers/identity';
import { createPlayer } from '../../../tests/helpers/players';

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
    expect(await statusOf(p.token)).toMatchObject({ status: 'verified' });
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
