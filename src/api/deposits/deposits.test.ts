import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { call, LOOPBACK, makeApp, page, type TestApp } from '../../../tests/helpers/app';
import { createPlayer, type TestPlayer } from '../../../tests/helpers/players';
import { verifyLedger } from '../../services/ledger/ledger-verify';
import { DEFAULT_WAITING_MAX as MAX_AWAITING_DEPOSITS } from '../../services/payments/deposits';
import { syncDeposit } from '../../services/payments/deposit-sync';

let app: TestApp;
let p: TestPlayer;
beforeAll(async () => {
  app = await makeApp();
  p = await createPlayer(app);
});
afterAll(() => app.deps.deposits.idle());

const balance = async (who = p) => (await call(app, 'GET', '/api/v1/user/wallet-balance', undefined, { token: who.token })).json.walletAmount;
const create = (amount: unknown, who = p, headers: Record<string, string> = {}) => call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount }, { token: who.token, headers });
const simulate = (id: string, action: string, who = p) => call(app, 'POST', `/api/v1/sandbox/deposits/${id}/simulate`, { action }, { token: who.token, peer: LOOPBACK });
const ledgerOk = async () => expect((await verifyLedger(app.deps.database.client)).ok).toBe(true);

describe('deposit request (spec §7)', () => {
  test('answers the payment methods with regtest destinations and the BTC to pay', async () => {
    const r = await create('25');
    expect(r.status).toBe(200);
    const d = r.json.data;
    expect(d.payment_methods.map((m: any) => m.paymentMethodId)).toEqual(['BTC-LN', 'BTC-CHAIN']);
    expect(d.payment_methods[0].destination).toStartWith('lnbcrt');
    expect(d.payment_methods[1].destination).toStartWith('bcrt1q');
    expect(d.btcAmount).toBe('0.00050000'); // $25 at 50,000 USD/BTC
    expect(d.status).toBe('pending');
    const h = await call(app, 'GET', '/api/v1/transaction/transaction-List/DEPOSIT', undefined, { token: p.token });
    expect(h.json.TransactionList[0]).toMatchObject({ type: 'DEPOSIT', amount: 25, transactionStatus: 'pending', orderId: d.invoiceId, depositId: d.depositId });
  });

  test('a deposit waiting for payment is one click from its address and QR in the history, on every tab that lists it', async () => {
    const q = await createPlayer(app);
    const d = (await create('12', q)).json.data;
    const link = `href="/deposit-bitcoin?deposit=${d.depositId}">Pay this deposit</a>`;
    for (const type of ['DEPOSIT', 'ALL']) {
      const h = await call(app, 'GET', `/api/v1/transaction/transaction-List/${type}`, undefined, { token: q.token });
      expect(h.json.TransactionList[0]).toMatchObject({ depositId: d.depositId, transactionStatus: 'pending' });
      expect(await (await page(app, `/transactions?type=${type}`, { cookie: `token=${q.token}` })).text()).toContain(link);
    }
    // The link leads to the page that shows where to pay.
    expect(await (await page(app, `/deposit-bitcoin?deposit=${d.depositId}`, { cookie: `token=${q.token}` })).text()).toContain(d.payment_methods[1].destination);
    // Another player's history never names it; paid, the row offers nothing to pay.
    expect(JSON.stringify((await call(app, 'GET', '/api/v1/transaction/transaction-List/ALL', undefined, { token: p.token })).json)).not.toContain(d.depositId);
    expect((await simulate(d.depositId, 'pay', q)).status).toBe(200);
    expect(await (await page(app, '/transactions?type=DEPOSIT', { cookie: `token=${q.token}` })).text()).not.toContain('Pay this deposit');
  });

  test('bad amounts are a 400 with the spec message and make no deposit', async () => {
    const before = (await app.deps.database.client.execute('SELECT count(*) AS n FROM deposits')).rows[0]!.n;
    for (const bad of ['0', '-5', 'ten', '', '1.234', null, true, ' ', '1e3', 'NaN', 'Infinity']) {
      const r = await create(bad);
      expect(r.status).toBe(400);
      expect(r.json.errors).toEqual([{ field: 'amount', message: 'Please enter a valid amount greater than 0' }]);
    }
    expect((await create('0.50')).json.errors[0].message).toBe('The smallest deposit is $1.00.');
    expect((await create('10000.01')).json.errors[0].message).toBe('The largest deposit is $10,000.00.');
    expect((await app.deps.database.client.execute('SELECT count(*) AS n FROM deposits')).rows[0]!.n).toBe(before);
  });

  test('the bounds themselves are allowed: $1.00 and $10,000.00 make deposits; one cent under the smallest does not', async () => {
    const q = await createPlayer(app);
    const under = await create('0.99', q);
    expect([under.status, under.json.errors]).toEqual([400, [{ field: 'amount', message: 'The smallest deposit is $1.00.' }]]);
    expect((await create('1.00', q)).json.data.amount).toBe(1);
    expect((await create('10000', q)).json.data.amount).toBe(10_000);
  });

  test('a retried request with the same Idempotency-Key makes one deposit and one invoice', async () => {
    const key = { 'idempotency-key': crypto.randomUUID() };
    const [a, b] = await Promise.all([create('7', p, key), create('7', p, key)]);
    expect(a.json.data.invoiceId).toBe(b.json.data.invoiceId);
    const n = await app.deps.database.client.execute({ sql: 'SELECT count(*) AS n FROM sandbox_invoices WHERE order_id = ?', args: [a.json.data.depositId] });
    expect(n.rows[0]!.n).toBe(1);
  });
});

describe('deposits waiting for payment', () => {
  test(`at most ${MAX_AWAITING_DEPOSITS} at once per player, asked for all at once; a paid one makes room`, async () => {
    const q = await createPlayer(app);
    const asked = await Promise.all(Array.from({ length: MAX_AWAITING_DEPOSITS + 3 }, () => create('5', q)));
    const made = asked.filter((r) => r.status === 200);
    const refused = asked.filter((r) => r.status !== 200);
    expect(made).toHaveLength(MAX_AWAITING_DEPOSITS);
    expect(refused.map((r) => [r.status, r.json.errorType, r.json.errors?.[0]?.field])).toEqual(Array(3).fill([409, 'TOO_MANY_OPEN_DEPOSITS', 'amount']));
    expect(refused[0]!.json.message).toBe(`You have ${MAX_AWAITING_DEPOSITS} deposits waiting for payment. Pay one of them (Transactions, Deposits: Pay this deposit), or start a new one once one has expired.`);
    const rows = await app.deps.database.client.execute({ sql: "SELECT count(*) AS n FROM deposits WHERE user_id = ? AND status IN ('creating', 'pending')", args: [q.userId] });
    expect(Number(rows.rows[0]!.n)).toBe(MAX_AWAITING_DEPOSITS);
    await simulate(made[0]!.json.data.depositId, 'pay', q);
    expect((await create('5', q)).status).toBe(200);
    // Another player is not held up by this one.
    expect((await create('5', await createPlayer(app))).status).toBe(200);
  });
});

describe('sandbox payments credit the wallet exactly once', () => {
  test('pay in full: credited, history completed, notification written', async () => {
    const q = await createPlayer(app);
    const d = (await create('20', q)).json.data;
    const r = await simulate(d.depositId, 'pay', q);
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ status: 'completed', credited: 20, invoiceStatus: 'Settled' });
    expect(await balance(q)).toBe(20);
    const h = await call(app, 'GET', '/api/v1/transaction/transaction-List/DEPOSIT', undefined, { token: q.token });
    expect(h.json.TransactionList[0]).toMatchObject({ amount: 20, transactionStatus: 'completed' });
    await ledgerOk();
  });

  test('part, then the rest; over; late; on-chain received then confirmed', async () => {
    const q = await createPlayer(app);
    const a = (await create('10', q)).json.data;
    // After a part payment the page asks for what is left.
    expect((await simulate(a.depositId, 'pay-part', q)).json.data).toMatchObject({ credited: 5, status: 'completed', invoiceStatus: 'New', btcAmount: '0.00010000' });
    expect((await simulate(a.depositId, 'pay', q)).json.data).toMatchObject({ credited: 10, invoiceStatus: 'Settled' });
    const b = (await create('10', q)).json.data;
    expect((await simulate(b.depositId, 'overpay', q)).json.data.credited).toBe(12);
    // The notice says what went past the amount asked, and that it was credited too.
    const notes = (await call(app, 'GET', '/api/v1/notification?limit=20&page=1', undefined, { token: q.token })).json;
    expect(JSON.stringify(notes)).toContain('Your deposit of $12.00 has arrived in your wallet. You paid $12.00 for a $10.00 deposit; all $12.00 is in your wallet.');
    expect(JSON.stringify(notes)).not.toContain('$5.00 has arrived in your wallet. That is');
    const c = (await create('10', q)).json.data;
    expect((await simulate(c.depositId, 'received', q)).json.data).toMatchObject({ credited: 0, processing: 10, invoiceStatus: 'Processing' });
    expect(await balance(q)).toBe(22);
    expect((await simulate(c.depositId, 'confirm', q)).json.data).toMatchObject({ credited: 10, processing: 0, invoiceStatus: 'Settled' });
    const e = (await create('10', q)).json.data;
    // Paid after it expired: on its way, not lost. The deposit and its history row say pending (not expired) until it confirms.
    expect((await simulate(e.depositId, 'pay-late', q)).json.data).toMatchObject({ credited: 0, processing: 10, invoiceStatus: 'Expired', status: 'pending' });
    const rowOf = async () => ((await call(app, 'GET', '/api/v1/transaction/transaction-List/DEPOSIT', undefined, { token: q.token })).json.TransactionList as any[])
      .find((t) => t.orderId === e.invoiceId)?.transactionStatus;
    expect(await rowOf()).toBe('pending');
    expect((await simulate(e.depositId, 'confirm', q)).json.data).toMatchObject({ credited: 10, invoiceStatus: 'Expired', status: 'completed' });
    expect(await rowOf()).toBe('completed');
    expect(await balance(q)).toBe(42);
    // Re-reading every invoice again credits nothing more.
    await app.deps.deposits.reconcileOnce();
    expect(await balance(q)).toBe(42);
    await ledgerOk();
  });

  test('overlapping re-reads of one settled invoice (webhooks, redeliveries, reconciliation) credit it once', async () => {
    const q = await createPlayer(app);
    const d = (await create('30', q)).json.data;
    // Paid with every delivery held back, then eight re-reads started at once.
    const s = app.deps.sandbox!;
    const inv = (await s.load(d.invoiceId))!;
    inv.methods[0]!.payments.push({ id: 'pay-1', receivedAt: Date.now(), value: '0.0006', fee: '0', status: 'Settled', destination: inv.methods[0]!.destination });
    await s.save(inv);
    const runs = await Promise.all([...Array(8)].map(() => app.deps.deposits.sync(d.invoiceId)));
    expect(runs.flatMap((r) => r!.credited).length).toBe(1);
    expect(await balance(q)).toBe(30);
    await ledgerOk();
  });

  test('re-reads on several instances at once (no shared in-process queue) credit a settled payment once', async () => {
    const q = await createPlayer(app);
    const d = (await create('40', q)).json.data;
    const s = app.deps.sandbox!;
    const inv = (await s.load(d.invoiceId))!;
    inv.methods[0]!.payments.push({ id: 'pay-2', receivedAt: Date.now(), value: '0.0008', fee: '0', status: 'Settled', destination: inv.methods[0]!.destination });
    await s.save(inv);
    // What each instance's own deposit service runs: the database alone must stop the second credit.
    const { client } = app.deps.database;
    await Promise.all([...Array(4)].map(() => syncDeposit(client, app.deps.ledger, app.deps.payments, d.invoiceId)));
    expect(await balance(q)).toBe(40);
    const credits = await client.execute({ sql: "SELECT count(*) AS n FROM transfers WHERE external_ref LIKE ?", args: [`deposit:${d.invoiceId}:%`] });
    expect(Number(credits.rows[0]!.n)).toBe(1);
    await ledgerOk();
  });

  test("another player's deposit cannot be read or paid", async () => {
    const other = await createPlayer(app);
    const d = (await create('5')).json.data;
    expect((await call(app, 'GET', `/api/v1/btc/deposit/${d.depositId}`, undefined, { token: other.token })).status).toBe(404);
    expect((await simulate(d.depositId, 'pay', other)).status).toBe(404);
    expect((await simulate(d.depositId, 'steal', p)).status).toBe(400);
  });
});
