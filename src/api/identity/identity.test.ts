import { beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { BASE, call, LOOPBACK, type TestApp } from '../../../tests/helpers/app';
import { containsText, identityApps, jpegWithGps, pdf, png, submissionForm, submitIdentity } from '../../../tests/helpers/identity';
import { fund } from '../../../tests/helpers/money';
import { createOperatorUser, createPlayer, formTokenOf, type TestPlayer } from '../../../tests/helpers/players';
import { waitForMail } from '../../../tests/helpers/accounts';
import { backgroundJobs } from '../../services/jobs/background-jobs';
import type { PushMessage } from '../../ws/hub.port';

const { appWith, withdraw } = identityApps();
const admin = (app: TestApp, op: TestPlayer, method: string, path: string, body?: unknown) => call(app, method, `/api/v1/admin${path}`, body, { token: op.token });
const rows = async (app: TestApp, sql: string, args: (string | number)[] = []) => (await app.deps.database.client.execute({ sql, args })).rows;
const latestId = async (app: TestApp, p: TestPlayer) => String((await rows(app, 'SELECT id FROM identity_submissions WHERE user_id = ? ORDER BY created_at DESC LIMIT 1', [p.userId]))[0]!.id);
const docsOnDisk = (app: TestApp, id: string) => (existsSync(join(app.dir, 'documents', id)) ? readdirSync(join(app.dir, 'documents', id)).sort() : []);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const yearsAgo = (n: number, plusDays = 0) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - n);
  d.setUTCDate(d.getUTCDate() + plusDays);
  return isoDay(d.getTime());
};

describe('submission: fields, files and the 21+ check', () => {
  let app: TestApp, op: TestPlayer;
  beforeAll(async () => {
    app = await appWith({ IDENTITY_REQUIRED_FOR: 'withdrawal' });
    op = await createOperatorUser(app);
  });

  test('stored cleaned and encrypted: no GPS in the served JPEG, no plaintext on disk, served only to operators, never cached', async () => {
    const p = await createPlayer(app);
    const r = await submitIdentity(app, p, { front: new File([png({ text: 'PLAINTEXT-MARK' }) as BlobPart], 'front.png') });
    expect(r.status).toBe(201);
    const id = r.json.data.id;
    expect(docsOnDisk(app, id)).toEqual(['back.bin', 'front.bin', 'selfie.bin']);
    const disk = readFileSync(join(app.dir, 'documents', id, 'front.bin'));
    expect(disk.includes(Buffer.from('PLAINTEXT-MARK'))).toBe(false);
    expect(disk.includes(Buffer.from('IHDR'))).toBe(false);
    expect(readFileSync(join(app.dir, 'documents', id, 'back.bin')).includes(Buffer.from('GPSLatitude'))).toBe(false);
    const doc = await app.handle(new Request(`${BASE}/api/v1/admin/identity/${id}/documents/back`, { headers: { authorization: `Bearer ${op.token}` } }));
    expect(doc.status).toBe(200);
    expect(doc.headers.get('content-type')).toBe('image/jpeg');
    expect(doc.headers.get('cache-control')).toBe('no-store');
    const bytes = new Uint8Array(await doc.arrayBuffer());
    expect(containsText(bytes, 'GPSLatitude')).toBe(false);
    expect(containsText(bytes, 'JFIF')).toBe(true);
    // A player (even the owner) and a visitor get nothing.
    expect((await call(app, 'GET', `/api/v1/admin/identity/${id}/documents/back`, undefined, { token: p.token })).status).toBe(403);
    expect((await call(app, 'GET', `/api/v1/admin/identity/${id}/documents/back`)).status).toBe(401);
    expect((await call(app, 'GET', '/api/v1/identity', undefined, { token: p.token })).json.data.status).toBe('submitted');
    // One under review at a time.
    expect((await submitIdentity(app, p)).status).toBe(409);
  });

  test('a PNG named .pdf is stored as the PNG it is; a passport needs no back, a driver\'s license does', async () => {
    const p = await createPlayer(app);
    expect((await submitIdentity(app, p, { front: new File([png() as BlobPart], 'scan.pdf', { type: 'application/pdf' }), idType: 'passport', back: null })).status).toBe(201);
    const [s] = await rows(app, 'SELECT documents FROM identity_submissions WHERE user_id = ?', [p.userId]);
    expect(JSON.parse(String(s!.documents)).map((d: any) => [d.part, d.type])).toEqual([['front', 'image/png'], ['selfie', 'image/png']]);
    const q = await createPlayer(app);
    const noBack = await submitIdentity(app, q, { back: null });
    expect(noBack.status).toBe(400);
    expect(noBack.json.errors).toEqual([{ field: 'back', message: 'Add a photo of the back of your ID' }]);
    expect((await submitIdentity(app, q, { front: new File([pdf() as BlobPart], 'licence.pdf') })).status).toBe(201);
  });

  test('a 12 MB file and a file that is no picture are refused with a field message, and nothing is stored', async () => {
    const p = await createPlayer(app);
    const onDisk = () => (existsSync(join(app.dir, 'documents')) ? readdirSync(join(app.dir, 'documents'), { recursive: true }).map(String).sort() : []);
    const before = onDisk();
    const big = new Uint8Array(12 * 1024 * 1024);
    big.set(png());
    const r = await submitIdentity(app, p, { front: new File([big as BlobPart], 'big.png') });
    expect(r.status).toBe(400);
    expect(r.json.errors).toEqual([{ field: 'front', message: 'This file is larger than 10 MB. Upload a smaller photo or scan.' }]);
    const t = await submitIdentity(app, p, { selfie: new File(['<svg onload=alert(1)>'], 'me.jpg', { type: 'image/jpeg' }) });
    expect(t.status).toBe(400);
    expect(t.json.errors).toEqual([{ field: 'selfie', message: 'Upload a JPEG, PNG or PDF file.' }]);
    // A PDF does for a scan of the ID, not for the selfie: that is a photo of a face.
    const scan = await submitIdentity(app, p, { selfie: new File([pdf() as BlobPart], 'me.pdf') });
    expect([scan.status, scan.json.errors]).toEqual([400, [{ field: 'selfie', message: 'Upload a photo of yourself: a JPEG or PNG file.' }]]);
    expect(await rows(app, 'SELECT id FROM identity_submissions WHERE user_id = ?', [p.userId])).toEqual([]);
    // The files of each refused form were written as they arrived and are gone again, not one byte of them left.
    expect(onDisk().filter((f) => !before.includes(f) && f.includes('.'))).toEqual([]);
    expect((await call(app, 'GET', '/api/v1/identity', undefined, { token: p.token })).json.data.status).toBe('not_started');
  });

  test('uploads may be larger than the 1 MB every other request is held to, up to 32 MB', async () => {
    const post = (path: string, bytes: number) =>
      app.handle(new Request(BASE + path, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(bytes) }, body: 'x'.repeat(bytes) }));
    expect((await post('/api/v1/login', 2_000_000)).status).toBe(413);
    // Past the cap a 413; under it the route itself answers (here: no session).
    expect((await post('/api/v1/identity/submission', 33 * 1024 * 1024)).status).toBe(413);
    expect((await post('/api/v1/identity/submission', 12 * 1024 * 1024)).status).toBe(401);
  });

  test('21+ from the date of birth, whatever the registration box said', async () => {
    const p = await createPlayer(app);
    const young = await submitIdentity(app, p, { dateOfBirth: yearsAgo(21, 1) });
    expect(young.status).toBe(400);
    expect(young.json.errors).toEqual([{ field: 'dateOfBirth', message: 'You must be 21 or older to play and withdraw' }]);
    expect((await submitIdentity(app, p, { dateOfBirth: '1990-02-30' })).json.errors).toEqual([{ field: 'dateOfBirth', message: 'Enter your date of birth' }]);
    const bad = await submitIdentity(app, p, { legalName: 'A', state: 'XX', postalCode: '123', idType: 'library_card' });
    expect(bad.json.errors.map((e: any) => e.field)).toEqual(['legalName', 'state', 'postalCode', 'idType']);
    expect((await submitIdentity(app, p, { dateOfBirth: yearsAgo(21) })).status).toBe(201);
  });

  test('the plain form (multipart, no script) submits through the same API; a refusal shows the field message', async () => {
    const p = await createPlayer(app);
    // As a browser sends the form: its hidden fields first (tree order), then the details, then the files.
    const post = (over: Record<string, any>) => {
      const f = new FormData();
      f.set('_action', 'submit');
      f.set('_token', formTokenOf(app, p));
      for (const [k, v] of submissionForm(over)) f.append(k, v);
      return app.handle(new Request(`${BASE}/verify-identity`, { method: 'POST', redirect: 'manual', headers: { cookie: `token=${p.token}`, origin: BASE }, body: f }));
    };
    const big = new Uint8Array(12 * 1024 * 1024);
    big.set(png());
    const refused = await post({ selfie: new File([big as BlobPart], 'me.png') });
    expect(refused.status).toBe(400);
    const again = await refused.text();
    expect(again).toContain('This file is larger than 10 MB. Upload a smaller photo or scan.');
    // The typed details come back; files cannot, and the page says so.
    expect(again).toContain('Your details are kept below; choose your ID and photo files again.');
    const ok = await post({});
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/verify-identity');
    const page = await (await app.handle(new Request(`${BASE}/verify-identity`, { headers: { cookie: `token=${p.token}` } }))).text();
    expect(page).toContain('Submitted (under review)');
  });
});

describe('IDENTITY_REQUIRED_FOR against real withdrawals (through the route)', () => {
  test('withdrawal (the default): refused with a link until an operator approves; then it goes through', async () => {
    const app = await appWith({ IDENTITY_REQUIRED_FOR: 'withdrawal' });
    expect(app.config.IDENTITY_REQUIRED_FOR).toBe('withdrawal');
    const op = await createOperatorUser(app);
    const p = await createPlayer(app);
    await fund(app, p.userId, 50_000);
    // A mistake in the form is said first: the player fixes it before being sent to verify.
    const typo = await call(app, 'POST', '/api/v1/withdraw/withdraw-request', { currency: 'BTC-CHAIN', wallet_address: 'bcrt1-not-an-address', amount: 100, tip: 0 }, { token: p.token });
    expect([typo.status, typo.json.errors?.[0]?.field]).toEqual([400, 'wallet_address']);
    const first = await withdraw(app, p, 100);
    expect(first.status).toBe(403);
    expect(first.json).toMatchObject({ errorType: 'IDENTITY_REQUIRED', link: '/verify-identity' });
    expect(await rows(app, 'SELECT id FROM withdrawals WHERE user_id = ?', [p.userId])).toEqual([]);
    await submitIdentity(app, p);
    const waiting = await withdraw(app, p, 100);
    expect(waiting.json).toMatchObject({ errorType: 'IDENTITY_REQUIRED', message: 'Your identity documents are being reviewed. You can withdraw once they are verified.' });
    // Deposits and P2P stay open meanwhile.
    expect((await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount: 20 }, { token: p.token })).status).toBe(200);
    expect((await admin(app, op, 'POST', `/identity/${await latestId(app, p)}/approve`, { reason: 'Documents match' })).status).toBe(200);
    const ok = await withdraw(app, p, 100);
    expect(ok.status).toBe(200);
    expect(ok.json.data.status).toBe('pending');
  });

  test('none: withdrawals go through without identity', async () => {
    const app = await appWith({ IDENTITY_REQUIRED_FOR: 'none' });
    const p = await createPlayer(app);
    await fund(app, p.userId, 10_000);
    expect((await withdraw(app, p, 100)).status).toBe(200);
  });

  test('a dollar amount: withdrawals up to that cumulative total go through, the one past it is refused', async () => {
    const app = await appWith({ IDENTITY_REQUIRED_FOR: '250' });
    const p = await createPlayer(app);
    await fund(app, p.userId, 100_000);
    expect((await withdraw(app, p, 150)).status).toBe(200);
    const past = await withdraw(app, p, 150);
    expect(past.status).toBe(403);
    expect(past.json.errorType).toBe('IDENTITY_REQUIRED');
    expect((await withdraw(app, p, 100)).status).toBe(200);
    expect((await withdraw(app, p, 100)).json.errorType).toBe('IDENTITY_REQUIRED');
  });
});

describe('RESTRICTED_STATES', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await appWith({ IDENTITY_REQUIRED_FOR: 'none', RESTRICTED_STATES: 'WA, ID' });
  });
  const register = (email: string, state?: string) =>
    call(app, 'POST', '/api/v1/register', { email, password: 'Secret123!', reference: 'friend', userType: 'USER', termsAccepted: true, ageConfirmed: true, ...(state !== undefined && { state }) });

  test('registration asks for the state and refuses a restricted one', async () => {
    expect((await register('nostate@example.com')).json.errors).toEqual([{ field: 'state', message: 'Choose the US state you live in' }]);
    const wa = await register('wa@example.com', 'WA');
    expect(wa.status).toBe(400);
    expect(wa.json.errors).toEqual([{ field: 'state', message: 'Sorry, Washington residents cannot play on this site.' }]);
    expect((await register('tx@example.com', 'tx')).status).toBe(201);
    expect((await rows(app, "SELECT registered_state FROM users WHERE email = 'tx@example.com'"))[0]!.registered_state).toBe('TX');
    expect(await rows(app, "SELECT id FROM users WHERE email IN ('wa@example.com', 'nostate@example.com')")).toEqual([]);
    const page = await (await app.handle(new Request(`${BASE}/register`))).text();
    expect(page).toContain('"states":[["AL","Alabama"]');
    // The plain form (no script) is checked the same way.
    const form = await app.handle(new Request(`${BASE}/register`, {
      method: 'POST', redirect: 'manual', headers: { origin: BASE, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'idaho@example.com', password: 'Secret123!', 'ref-friend': 'on', termsAccepted: 'on', ageConfirmed: 'on', state: 'ID' }).toString(),
    }));
    expect(form.status).toBe(400);
    expect(await form.text()).toContain('Sorry, Idaho residents cannot play on this site.');
  });

  test('a verified address in a restricted state: deposits and withdrawals refused, naming the state', async () => {
    const op = await createOperatorUser(app);
    const p = await createPlayer(app);
    await fund(app, p.userId, 10_000);
    expect((await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount: 20 }, { token: p.token })).status).toBe(200);
    await submitIdentity(app, p, { state: 'WA', city: 'Seattle', postalCode: '98101' });
    await admin(app, op, 'POST', `/identity/${await latestId(app, p)}/approve`, { reason: 'Documents match' });
    const dep = await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount: 20 }, { token: p.token });
    expect(dep.status).toBe(403);
    expect(dep.json).toMatchObject({ errorType: 'STATE_RESTRICTED', message: 'Deposits are not available to players in Washington (WA).' });
    const w = await withdraw(app, p, 100);
    expect(w.status).toBe(403);
    expect(w.json).toMatchObject({ errorType: 'STATE_RESTRICTED', message: 'Withdrawals are not available to players in Washington (WA).' });
    // The dashboard's review step says it before anything else (docs/decisions/withdrawal-review.md).
    const review = await call(app, 'POST', '/api/v1/withdraw/review', { currency: 'BTC-CHAIN', wallet_address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', amount: 100, tip: 0 }, { token: p.token });
    expect([review.status, review.json.errorType]).toEqual([403, 'STATE_RESTRICTED']);
  });

  test('the verified address decides over the state given at registration, either way', async () => {
    const op = await createOperatorUser(app);
    const approve = async (p: TestPlayer, state: string) => {
      expect((await submitIdentity(app, p, { state, city: 'Somewhere', postalCode: '98101' })).status).toBe(201);
      await admin(app, op, 'POST', `/identity/${await latestId(app, p)}/approve`, { reason: 'Documents match' });
    };
    // Registered in Texas, verified living in Washington: refused.
    const moved = await createPlayer(app);
    await app.deps.database.client.execute({ sql: "UPDATE users SET registered_state = 'TX' WHERE id = ?", args: [moved.userId] });
    await fund(app, moved.userId, 10_000);
    expect((await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount: 20 }, { token: moved.token })).status).toBe(200);
    await approve(moved, 'WA');
    expect((await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount: 20 }, { token: moved.token })).json.errorType).toBe('STATE_RESTRICTED');
    expect((await withdraw(app, moved, 100)).json).toMatchObject({ errorType: 'STATE_RESTRICTED', message: 'Withdrawals are not available to players in Washington (WA).' });
    // Registered in Washington (before it was restricted), verified living in Texas: allowed.
    const left = await createPlayer(app);
    await app.deps.database.client.execute({ sql: "UPDATE users SET registered_state = 'WA' WHERE id = ?", args: [left.userId] });
    await fund(app, left.userId, 10_000);
    expect((await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount: 20 }, { token: left.token })).json.errorType).toBe('STATE_RESTRICTED');
    await approve(left, 'TX');
    expect((await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount: 20 }, { token: left.token })).status).toBe(200);
    expect((await withdraw(app, left, 100)).status).toBe(200);
  });

  test('/support and the terms list the restricted states', async () => {
    for (const path of ['/support', '/terms-condition']) {
      const html = await (await app.handle(new Request(BASE + path))).text();
      expect(html).toContain('Washington (WA), Idaho (ID)');
    }
    const plain = await appWith({});
    expect(await (await plain.handle(new Request(BASE + '/support'))).text()).not.toContain('Restricted states');
    // Without a vendor there is no vendor webhook.
    expect((await call(plain, 'POST', '/api/v1/webhooks/identity/onfido', { payload: {} })).status).toBe(404);
  });
});

describe('operator review, audit, tax report and retention', () => {
  let app: TestApp, op: TestPlayer;
  beforeAll(async () => {
    app = await appWith({ IDENTITY_REQUIRED_FOR: 'withdrawal', TAX_DETAILS_THRESHOLD_DOLLARS: '600' });
    op = await createOperatorUser(app, { email: 'reviewer@example.com' });
  });
  const audit = async (id: string) =>
    (await rows(app, 'SELECT action, actor_email, reason FROM audit_log WHERE target_id = ? ORDER BY created_at, id', [id])).map((r) => ({ action: r.action, actor_email: r.actor_email, reason: r.reason }));

  test('the queue is oldest first with a live count; a reason is required; a rejection tells the player and they can submit again', async () => {
    const a = await createPlayer(app), b = await createPlayer(app);
    await submitIdentity(app, a);
    await Bun.sleep(5);
    await submitIdentity(app, b, { legalName: 'Grace Hopper' });
    const q = await admin(app, op, 'GET', '/identity');
    const mine = q.json.submissions.filter((s: any) => s.userId === a.userId || s.userId === b.userId);
    expect(mine.map((s: any) => s.userId)).toEqual([a.userId, b.userId]);
    expect((await admin(app, op, 'GET', '/counts')).json.data.openIdentity).toBe(q.json.submissions.length);
    const id = await latestId(app, b);
    expect((await admin(app, op, 'GET', `/identity/${id}`)).json.submission).toMatchObject({ legalName: 'Grace Hopper', address: { state: 'TX' } });
    await app.handle(new Request(`${BASE}/api/v1/admin/identity/${id}/documents/front`, { headers: { authorization: `Bearer ${op.token}` } }));
    expect((await admin(app, op, 'POST', `/identity/${id}/reject`, {})).json.errors).toEqual([{ field: 'reason', message: 'Give a reason: it is kept in the audit log.' }]);
    const rej = await admin(app, op, 'POST', `/identity/${id}/reject`, { reason: 'The photo of the front is blurred.' });
    expect(rej.status).toBe(200);
    expect((await admin(app, op, 'POST', `/identity/${id}/approve`, { reason: 'changed my mind' })).status).toBe(409);
    expect(await audit(id)).toEqual([
      { action: 'identity.document_viewed', actor_email: 'reviewer@example.com', reason: null },
      { action: 'identity.reject', actor_email: 'reviewer@example.com', reason: 'The photo of the front is blurred.' },
    ]);
    const s = (await call(app, 'GET', '/api/v1/identity', undefined, { token: b.token })).json.data;
    expect(s).toMatchObject({ status: 'rejected', reason: 'The photo of the front is blurred.' });
    const [note] = await rows(app, "SELECT content FROM notifications WHERE user_id = ? AND type = 'IDENTITY_REJECTED'", [b.userId]);
    expect(String(note!.content)).toContain('The photo of the front is blurred.');
    const mail = await waitForMail(app, b.email, /could not verify your identity/);
    expect(mail.text).toContain('The photo of the front is blurred.');
    const page = await (await app.handle(new Request(`${BASE}/verify-identity`, { headers: { cookie: `token=${b.token}` } }))).text();
    expect(page).toContain('We could not verify your identity: The photo of the front is blurred.');
    expect(page).toContain('encType="multipart/form-data"');
    expect((await submitIdentity(app, b)).status).toBe(201);
  });

  test('approve and reject raced: exactly one decision, one audit row, one notification', async () => {
    const p = await createPlayer(app);
    await submitIdentity(app, p);
    const id = await latestId(app, p);
    // The player's open pages hear of the decision once, after the winner's commit.
    const heard: PushMessage[] = [];
    const off = app.deps.hub.subscribe(p.userId, (m) => heard.push(m));
    const [x, y] = await Promise.all([
      admin(app, op, 'POST', `/identity/${id}/approve`, { reason: 'Looks right' }),
      admin(app, op, 'POST', `/identity/${id}/reject`, { reason: 'Looks wrong' }),
    ]);
    off();
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const won = x.status === 200 ? 'IDENTITY_VERIFIED' : 'IDENTITY_REJECTED';
    expect(heard).toEqual([{ event: 'notification', data: expect.objectContaining({ notificationType: won }) }]);
    expect((await audit(id)).filter((r) => String(r.action).startsWith('identity.') && r.action !== 'identity.document_viewed')).toHaveLength(1);
    expect(await rows(app, "SELECT id FROM notifications WHERE user_id = ? AND type LIKE 'IDENTITY_%'", [p.userId])).toHaveLength(1);
    // Its e-mail is queued in the winner's transaction: one, whichever won.
    expect(await rows(app, 'SELECT id FROM mail_queue WHERE to_address = ?', [p.email])).toHaveLength(1);
  });

  test('tax report: completed withdrawals at the threshold in the year, full TIN only there, audited; CSV too; the player screen shows it masked', async () => {
    const year = new Date().getUTCFullYear();
    const big = await createPlayer(app), small = await createPlayer(app);
    for (const [p, dollars] of [[big, 700], [small, 200]] as const) {
      await fund(app, p.userId, 100_000);
      await submitIdentity(app, p, { legalName: p === big ? 'Big Winner' : 'Small Player' });
      await admin(app, op, 'POST', `/identity/${await latestId(app, p)}/approve`, { reason: 'Documents match' });
      if (p === big) expect((await call(app, 'POST', '/api/v1/identity/tax-details', { tin: '912-70-1234', confirmed: true, currentPassword: p.password }, { token: p.token })).status).toBe(200);
      const w = await withdraw(app, p, dollars);
      expect(w.status).toBe(200);
      expect((await call(app, 'POST', `/api/v1/sandbox/withdrawals/${w.json.data.withdrawalId}/complete`, undefined, { token: p.token, peer: LOOPBACK })).status).toBe(200);
    }
    const r = await admin(app, op, 'GET', `/tax-report?year=${year}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const mine = r.json.players.filter((x: any) => x.userId === big.userId || x.userId === small.userId);
    expect(mine).toEqual([expect.objectContaining({ userId: big.userId, legalName: 'Big Winner', tin: '912701234', tinType: 'ITIN', withdrawn: 700, address: '12 Analytical Way, Austin, TX 78701' })]);
    const csv = await admin(app, op, 'GET', `/tax-report?year=${year}&format=csv`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.text.split('\r\n')[0]).toBe('player id,email,legal name,address,state,tin type,tin,withdrawn (USD),withdrawals');
    expect(csv.text).toContain(`${big.userId},${big.email},Big Winner,"12 Analytical Way, Austin, TX 78701",TX,ITIN,912701234,700.00,1`);
    expect(csv.text).not.toContain(small.userId);
    expect(await rows(app, "SELECT actor_email FROM audit_log WHERE action = 'tax.report' AND target_id = ?", [String(year)])).toHaveLength(2);
    expect((await admin(app, op, 'GET', '/tax-report?year=later')).status).toBe(400);
    expect((await call(app, 'GET', `/api/v1/admin/tax-report?year=${year}`, undefined, { token: big.token })).status).toBe(403);
    const screen = await admin(app, op, 'GET', `/players/${big.userId}/identity`);
    expect(screen.json.data.tax).toEqual({ type: 'ITIN', last4: '1234', masked: '•••-••-1234' });
    expect(screen.text).not.toContain('912701234');
    const html = await (await app.handle(new Request(`${BASE}/admin/players/${big.userId}`, { headers: { cookie: `token=${op.token}` } }))).text();
    expect(html).toContain('Verified as Big Winner (TX)');
    expect(html).toContain('ITIN •••-••-1234');
    expect(html).not.toContain('912701234');
  });

  test('retention: documents of a submission decided past DOCUMENT_RETENTION_DAYS are deleted; the decision, reason and audit rows stay', async () => {
    const old = await createPlayer(app), recent = await createPlayer(app);
    await submitIdentity(app, old);
    await submitIdentity(app, recent);
    const oldId = await latestId(app, old), recentId = await latestId(app, recent);
    await admin(app, op, 'POST', `/identity/${oldId}/reject`, { reason: 'Expired ID' });
    await admin(app, op, 'POST', `/identity/${recentId}/approve`, { reason: 'Documents match' });
    await app.deps.database.client.execute({ sql: 'UPDATE identity_submissions SET decided_at = ? WHERE id = ?', args: [Date.now() - 366 * 86_400_000, oldId] });
    expect(docsOnDisk(app, oldId)).toHaveLength(3);
    // Run as the background jobs run it.
    const job = backgroundJobs({ client: app.deps.database.client, deposits: app.deps.deposits, withdrawals: app.deps.withdrawals, games: app.deps.games, reconcileMs: 60_000, documents: app.deps.identity })
      .find((j) => j.name === 'documents-retention')!;
    expect(job.everyMs).toBe(3_600_000);
    expect(await job.run()).toBe(1);
    expect(docsOnDisk(app, oldId)).toEqual([]);
    expect(docsOnDisk(app, recentId)).toHaveLength(3);
    const [row] = await rows(app, 'SELECT status, reason, documents_deleted_at FROM identity_submissions WHERE id = ?', [oldId]);
    expect(row).toMatchObject({ status: 'rejected', reason: 'Expired ID' });
    expect(row!.documents_deleted_at).not.toBeNull();
    expect((await audit(oldId)).map((r) => r.action)).toEqual(['identity.reject', 'identity.documents_deleted']);
    expect((await admin(app, op, 'GET', `/identity/${oldId}/documents/front`)).status).toBe(410);
    expect(await app.deps.identity.purgeExpiredDocuments()).toBe(0);
  });
});
