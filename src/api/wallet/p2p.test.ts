import { beforeAll, describe, expect, test } from 'bun:test';
import { call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { available, fund } from '../../../tests/helpers/money';
import { createPlayer, type TestPlayer } from '../../../tests/helpers/players';
import { verifyLedger } from '../../services/ledger/ledger-verify';
import { cleanUp } from '../../services/jobs/clean-up';
import { waitForMail } from '../../../tests/helpers/accounts';
import { turnOnTwoStep } from '../../../tests/helpers/two-step';

let app: TestApp;
let alice: TestPlayer;
let bob: TestPlayer;

beforeAll(async () => {
  app = await makeApp();
  alice = await createPlayer(app);
  bob = await createPlayer(app);
  await fund(app, alice.userId, 10_000);
});

const p2p = (from: TestPlayer, body: unknown, headers?: Record<string, string>) =>
  call(app, 'POST', '/api/v1/transfer/p2p-transfer', body, { token: from.token, headers });

describe('P2P transfer', () => {
  test('moves credits, writes both history rows and notifications, answers the new balance', async () => {
    const r = await p2p(alice, { email: bob.email.toUpperCase(), amount: 12.5 });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ success: true, walletAmount: 87.5 });
    expect(await available(app, alice.userId)).toBe(8_750);
    expect(await available(app, bob.userId)).toBe(1_250);
    const sent = await call(app, 'GET', '/api/v1/transaction/transaction-List/P2P', undefined, { token: alice.token });
    expect(sent.json.TransactionList[0]).toMatchObject({ type: 'P2P', direction: 'out', amount: 12.5, transactionStatus: 'completed', counterparty: bob.email });
    const got = await call(app, 'GET', '/api/v1/transaction/transaction-List/P2P', undefined, { token: bob.token });
    // The receiver sees who sent it by Player ID (Alice has no name), never by her e-mail address.
    expect(got.json.TransactionList[0]).toMatchObject({ direction: 'in', amount: 12.5, counterparty: `Player ID ${alice.playerId}` });
    const notes = await call(app, 'GET', '/api/v1/notification?limit=10&page=1', undefined, { token: bob.token });
    expect(notes.json.getlist[0]).toMatchObject({ notificationType: 'P2P_RECEIVED', notificationContent: `You received $12.50 from Player ID ${alice.playerId}.` });
    expect(JSON.stringify([got.json, notes.json])).not.toContain(alice.email);
    const bal = await call(app, 'GET', '/api/v1/user/wallet-balance', undefined, { token: bob.token });
    expect(bal.json).toMatchObject({ success: true, walletAmount: 12.5, user: { _id: bob.userId, playerId: bob.playerId } });
    const mail = await waitForMail(app, bob.email, /You received credits/);
    expect(mail.text).toContain(`You received $12.50 from Player ID ${alice.playerId}.`);
    expect(mail.html).toContain('$12.50');
    expect(mail.text + mail.html + mail.subject).not.toContain(alice.email);
  });

  test('a named sender is shown to the receiver by name and Player ID, in history, notification and e-mail; never by address', async () => {
    const grace = await createPlayer(app, { name: 'Grace Hopper' });
    const ivy = await createPlayer(app);
    await fund(app, grace.userId, 1_000);
    const heard: { event: string; data: any }[] = [];
    const off = app.deps.hub.subscribe(ivy.userId, (m) => heard.push(m));
    expect((await p2p(grace, { email: ivy.email, amount: 4 })).status).toBe(200);
    off();
    const from = `Grace Hopper (Player ID ${grace.playerId})`;
    const got = await call(app, 'GET', '/api/v1/transaction/transaction-List/P2P', undefined, { token: ivy.token });
    expect(got.json.TransactionList[0]).toMatchObject({ direction: 'in', counterparty: from });
    const notes = await call(app, 'GET', '/api/v1/notification?limit=10&page=1', undefined, { token: ivy.token });
    expect(notes.json.getlist[0].notificationContent).toBe(`You received $4.00 from ${from}.`);
    const mail = await waitForMail(app, ivy.email, /You received credits/);
    expect(mail.text).toContain(`You received $4.00 from ${from}.`);
    for (const seen of [JSON.stringify(got.json), JSON.stringify(notes.json), JSON.stringify(heard), mail.text, mail.html]) expect(seen).not.toContain(grace.email);
  });

  test('both players hear of it at once: new balances and the notification are pushed to their pages', async () => {
    const heard: Record<string, { event: string; data: any }[]> = { a: [], b: [] };
    const offA = app.deps.hub.subscribe(alice.userId, (m) => heard.a!.push(m));
    const offB = app.deps.hub.subscribe(bob.userId, (m) => heard.b!.push(m));
    const before = { a: await available(app, alice.userId), b: await available(app, bob.userId) };
    const r = await p2p(alice, { email: bob.email, amount: 2 });
    expect(r.status).toBe(200);
    offA();
    offB();
    expect(heard.a).toContainEqual({ event: 'amount', data: { walletAmount: (before.a - 200) / 100 } });
    expect(heard.b).toContainEqual({ event: 'amount', data: { walletAmount: (before.b + 200) / 100 } });
    expect(heard.b!.find((m) => m.event === 'notification')?.data).toMatchObject({ notificationType: 'P2P_RECEIVED', notificationContent: `You received $2.00 from Player ID ${alice.playerId}.` });
    expect(JSON.stringify(heard.b)).not.toContain(alice.email);
    expect(heard.a!.find((m) => m.event === 'notification')?.data).toMatchObject({ notificationType: 'P2P_SENT' });
    // The receiver's toast: the amount and the sender's Player ID (alice gave no name), never the sender's e-mail.
    expect(heard.b).toContainEqual({ event: 'p2pReceived', data: { amount: 2, from: `Player ID ${alice.playerId}` } });
    expect(JSON.stringify(heard.b!.find((m) => m.event === 'p2pReceived'))).not.toContain(alice.email);
    expect(heard.a!.some((m) => m.event === 'p2pReceived')).toBe(false);
  });

  test("the receiver's toast names a sender who gave a name by that name", async () => {
    const dana = await createPlayer(app, { name: 'Dana' });
    await fund(app, dana.userId, 500);
    const heard: { event: string; data: any }[] = [];
    const off = app.deps.hub.subscribe(bob.userId, (m) => heard.push(m));
    expect((await p2p(dana, { email: bob.email, amount: 5 })).status).toBe(200);
    off();
    expect(heard).toContainEqual({ event: 'p2pReceived', data: { amount: 5, from: 'Dana' } });
  });

  test('bad amounts are 400 with the field message and change nothing', async () => {
    const before = await available(app, alice.userId);
    for (const amount of [1.234, -5, 0, 'NaN', 'abc', 1e20, '12.345', null, true, [], {}, '1e3', Infinity, '5', '12.50']) {
      const r = await p2p(alice, { email: bob.email, amount });
      expect(r.status).toBe(400);
      expect(r.json.errors[0].field).toBe('amount');
    }
    const missing = await p2p(alice, { email: bob.email });
    expect(missing.json.errors).toEqual([{ field: 'amount', message: 'Amount is required.' }]);
    const huge = await p2p(alice, { email: bob.email, amount: 999999999 });
    expect(huge.status).toBe(400);
    expect(await available(app, alice.userId)).toBe(before);
  });

  test('bad receivers: self, unknown and unverified get clear messages; unknown and unverified the same one', async () => {
    const self = await p2p(alice, { email: alice.email, amount: 1 });
    expect(self.status).toBe(400);
    expect(self.json.message).toBe('You cannot send credits to yourself.');
    const unverified = await createPlayer(app, { verified: false });
    const a = await p2p(alice, { email: 'nobody@example.com', amount: 1 });
    const b = await p2p(alice, { email: unverified.email, amount: 1 });
    expect(a.status).toBe(404);
    expect(b.status).toBe(404);
    expect(a.json.message).toBe(b.json.message);
    const email = await p2p(alice, { email: 'not an email', amount: 1 });
    expect(email.json.errors).toEqual([{ field: 'email', message: 'Enter a valid email address.' }]);
    const empty = await p2p(alice, { email: '', amount: 1 });
    expect(empty.json.errors[0]).toEqual({ field: 'email', message: 'Email is required.' });
  });

  test('more than the available balance is a 409 INSUFFICIENT_FUNDS and nothing moves', async () => {
    const before = await available(app, alice.userId);
    const r = await p2p(alice, { email: bob.email, amount: before / 100 + 0.01 });
    expect(r.status).toBe(409);
    expect(r.json.errorType).toBe('INSUFFICIENT_FUNDS');
    expect(await available(app, alice.userId)).toBe(before);
  });

  test('an Idempotency-Key replays the first answer; the same key with another body is a 422', async () => {
    const before = await available(app, alice.userId);
    const key = { 'idempotency-key': crypto.randomUUID() };
    const first = await p2p(alice, { email: bob.email, amount: 1 }, key);
    const again = await p2p(alice, { email: bob.email, amount: 1 }, key);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(await available(app, alice.userId)).toBe(before - 100);
    const other = await p2p(alice, { email: bob.email, amount: 2 }, key);
    expect(other.status).toBe(422);
  });

  test('a key reused after its answer is dropped (a day later) for another transfer is a 422 and moves nothing', async () => {
    const carol = await createPlayer(app);
    const key = { 'idempotency-key': crypto.randomUUID() };
    expect((await p2p(alice, { email: bob.email, amount: 5 }, key)).status).toBe(200);
    const before = await available(app, alice.userId);
    // A day and more later: the answer is dropped by the clean-up job.
    const db = app.deps.database.client;
    await db.execute({ sql: 'UPDATE idempotency_keys SET created_at = created_at - ? WHERE key = ?', args: [25 * 3_600_000, key['idempotency-key']] });
    expect((await cleanUp(db)).idempotencyKeys).toBeGreaterThanOrEqual(1);
    const reused = await p2p(alice, { email: carol.email, amount: 7 }, key);
    expect([reused.status, reused.json.errorType]).toEqual([422, 'IDEMPOTENCY_MISMATCH']);
    expect([await available(app, alice.userId), await available(app, carol.userId)]).toEqual([before, 0]);
    // The same transfer again is the same request: answered, and nothing moves a second time.
    const same = await p2p(alice, { email: bob.email, amount: 5 }, key);
    expect([same.status, await available(app, alice.userId)]).toEqual([200, before]);
  });

  test('signed out is a 401; the ledger still verifies after all of the above', async () => {
    const r = await call(app, 'POST', '/api/v1/transfer/p2p-transfer', { email: bob.email, amount: 1 });
    expect(r.status).toBe(401);
    const report = await verifyLedger(app.deps.database.client);
    expect(report.ok).toBe(true);
  });
});

describe('P2P confirmation step and receipt', () => {
  const lookup = (from: TestPlayer, email: string) => call(app, 'GET', `/api/v1/transfer/recipient?email=${encodeURIComponent(email)}`, undefined, { token: from.token });

  test("the lookup names a verified receiver's name and Player ID and moves nothing", async () => {
    const carol = await createPlayer(app, { name: 'Carol Danvers' });
    const before = await available(app, alice.userId);
    const r = await lookup(alice, ` ${carol.email.toUpperCase()} `);
    expect(r.status).toBe(200);
    // The name masked: enough to recognise the player meant, not to learn a stranger's name from an address.
    expect(r.json).toEqual({ success: true, recipient: { name: 'C***l D*****s', playerId: carol.playerId } });
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(await available(app, alice.userId)).toBe(before);
    expect((await lookup(alice, bob.email)).json.recipient).toEqual({ name: null, playerId: bob.playerId });
  });

  test('the lookup answers only for the exact address (any case, trimmed): a part, a pattern or a near miss finds no one', async () => {
    const dora = await createPlayer(app, { name: 'Dora Explorer' });
    const [local, domain] = dora.email.split('@') as [string, string];
    for (const near of [`${local.slice(0, -1)}@${domain}`, `${local}@${domain}x`, `${local.slice(0, 4)}%@${domain}`, `_${local.slice(1)}@${domain}`, `${local}@sub.${domain}`]) {
      const r = await lookup(alice, near);
      expect({ near, status: r.status }).toEqual({ near, status: 404 });
      expect(JSON.stringify(r.json)).not.toContain('D**a');
      expect(r.json.recipient).toBeUndefined();
    }
    expect((await lookup(alice, ` ${dora.email.toUpperCase()}`)).json.recipient).toEqual({ name: 'D**a E******r', playerId: dora.playerId });
  });

  test('the lookup tells no more than a transfer would: unknown and unverified get the same 404; self and bad input a 400', async () => {
    const unverified = await createPlayer(app, { verified: false, name: 'Hidden Name' });
    const unknown = await lookup(alice, 'nobody-here@example.com');
    const pending = await lookup(alice, unverified.email);
    expect([unknown.status, pending.status]).toEqual([404, 404]);
    expect(pending.json).toEqual(unknown.json);
    expect(JSON.stringify(pending.json)).not.toContain('Hidden Name');
    const self = await lookup(alice, alice.email);
    expect([self.status, self.json.errors]).toEqual([400, [{ field: 'email', message: 'You cannot send credits to yourself.' }]]);
    expect((await lookup(alice, 'not-an-email')).status).toBe(400);
    expect((await call(app, 'GET', `/api/v1/transfer/recipient?email=${bob.email}`)).status).toBe(401);
  });

  test('during a cool-off the lookup refuses already, in the words a send would use', async () => {
    const own = await makeApp();
    const [gil, hal] = [await createPlayer(own), await createPlayer(own)];
    const ask = () => call(own, 'GET', `/api/v1/transfer/recipient?email=${encodeURIComponent(hal.email)}`, undefined, { token: gil.token });
    expect((await ask()).status).toBe(200);
    const { startCoolOff } = await import('../../services/protection/restrictions');
    await startCoolOff(own.deps.database.client, gil.userId, '24h');
    const refused = await ask();
    const send = await call(own, 'POST', '/api/v1/transfer/p2p-transfer', { email: hal.email, amount: 1 }, { token: gil.token });
    expect(refused.status).toBe(send.status);
    expect(refused.json.message).toBe(send.json.message);
    expect(refused.json.recipient).toBeUndefined();
  });

  test('the lookup is rate-limited per player: 20 in 15 minutes, then 429 with Retry-After', async () => {
    const own = await makeApp();
    const [dan, eve] = [await createPlayer(own), await createPlayer(own)];
    const ask = () => call(own, 'GET', `/api/v1/transfer/recipient?email=${encodeURIComponent(eve.email)}`, undefined, { token: dan.token });
    for (let i = 0; i < 20; i++) expect((await ask()).status).toBe(200);
    const limited = await ask();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    // Another player is not held up by it.
    expect((await call(own, 'GET', `/api/v1/transfer/recipient?email=${encodeURIComponent(dan.email)}`, undefined, { token: eve.token })).status).toBe(200);
  });

  test('refused sends spend the lookup\'s allowance: a script cannot use the send to find out which addresses have accounts', async () => {
    const own = await makeApp();
    const [dan, eve] = [await createPlayer(own), await createPlayer(own)];
    const send = (email: string) => call(own, 'POST', '/api/v1/transfer/p2p-transfer', { email, amount: 1 }, { token: dan.token });
    for (let i = 0; i < 20; i++) expect((await send(`nobody${i}@example.com`)).status).toBe(404);
    const known = await send(eve.email);
    expect(known.status).toBe(429);
    expect(known.json.errorType).not.toBe('INSUFFICIENT_FUNDS');
    expect((await send('nobody-else@example.com')).status).toBe(429);
  });

  test('with two-step on, a send without its code cannot tell a known address past the allowance either', async () => {
    const own = await makeApp();
    const [dan, eve] = [await createPlayer(own), await createPlayer(own)];
    await fund(own, dan.userId, 10_000);
    await turnOnTwoStep(own, dan, Date.now());
    // No code: a known address is refused for the code (401), an unknown one for the address (404).
    const send = (email: string) => call(own, 'POST', '/api/v1/transfer/p2p-transfer', { email, amount: 1 }, { token: dan.token });
    for (let i = 0; i < 20; i++) expect((await send(`nobody${i}@example.com`)).status).toBe(404);
    const known = await send(eve.email);
    expect([known.status, known.json.errorType]).toEqual([429, 'RATE_LIMITED']);
    expect((await send('nobody-else@example.com')).status).toBe(429);
    expect(await available(own, eve.userId)).toBe(0);
  });

  test('the answer carries a receipt: amount, receiver, the transaction ID of the history row, the time; it reads back for the sender only', async () => {
    const frank = await createPlayer(app, { name: 'Frank Castle' });
    const r = await p2p(alice, { email: frank.email, amount: 3.25 });
    const receipt = r.json.receipt;
    expect(receipt).toMatchObject({ amount: 3.25, recipient: { name: 'F***k C****e', playerId: frank.playerId, email: frank.email } });
    expect(receipt.transactionId).toMatch(/^CR-[0-9A-Z]{8}$/);
    expect(Math.abs(Date.parse(receipt.createdAt) - Date.now())).toBeLessThan(60_000);
    const sent = await call(app, 'GET', '/api/v1/transaction/transaction-List/P2P', undefined, { token: alice.token });
    expect(sent.json.TransactionList[0].transactionUuid).toBe(receipt.transactionId);
    const again = await call(app, 'GET', `/api/v1/transfer/receipt/${receipt.transactionId}`, undefined, { token: alice.token });
    expect(again.json).toEqual({ success: true, receipt });
    // Not the receiver's, not another player's, not a made-up one.
    expect((await call(app, 'GET', `/api/v1/transfer/receipt/${receipt.transactionId}`, undefined, { token: frank.token })).status).toBe(404);
    expect((await call(app, 'GET', `/api/v1/transfer/receipt/${receipt.transactionId}`, undefined, { token: bob.token })).status).toBe(404);
    expect((await call(app, 'GET', '/api/v1/transfer/receipt/CR-AAAAAAAA', undefined, { token: alice.token })).status).toBe(404);
  });
});
