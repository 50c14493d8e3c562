import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { startBtcpayDouble, type BtcpayDouble } from '../../../tests/doubles/btcpay';
import { waitForMail } from '../../../tests/helpers/accounts';
import { call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { createPlayer, type TestPlayer } from '../../../tests/helpers/players';
import { heldId } from '../../services/ledger/ledger.types';
import { verifyLedger } from '../../services/ledger/ledger-verify';

// Money that arrives past a deposit limit or during a break is never refused, and never spendable: it is held.
const SECRET = 'whsec-held-8Kd2';
let double: BtcpayDouble;
let app: TestApp;
let p: TestPlayer;

beforeEach(async () => {
  double = await startBtcpayDouble({ deliver: (req) => app.handle(req), webhookSecret: SECRET });
  app = await makeApp({ BTCPAY_URL: double.url, BTCPAY_API_KEY: double.apiKey, BTCPAY_STORE_ID: double.storeId, BTCPAY_WEBHOOK_SECRET: SECRET });
  p = await createPlayer(app);
});
afterEach(async () => {
  await double.close();
  await app.deps.deposits.idle();
  expect(double.violations).toEqual([]);
  expect(await verifyLedger(app.deps.database.client)).toMatchObject({ ok: true });
});

const deposit = async (amount: string, who = p) => {
  const r = await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount }, { token: who.token });
  expect(r.status).toBe(200);
  return r.json.data as { depositId: string; invoiceId: string };
};
const settle = async () => {
  await double.settled();
  await app.deps.deposits.idle();
};
const wallet = async (who = p) => (await call(app, 'GET', '/api/v1/user/wallet-balance', undefined, { token: who.token })).json.walletAmount;
const held = async (who = p) => (await app.deps.ledger.balance(heldId(who.userId))).balanceCents;
const history = async (who = p) =>
  (await call(app, 'GET', '/api/v1/transaction/transaction-List/DEPOSIT', undefined, { token: who.token })).json.TransactionList as { amount: number; transactionStatus: string }[];
/** Pays on-chain and confirms: a settled on-chain payment of `btc` (at the double's 50,000 USD/BTC). */
const payConfirmed = async (invoiceId: string, btc?: string) => {
  double.confirm(double.payOnchain(invoiceId, btc));
  await settle();
};

describe('payments past a deposit limit', () => {
  test('a second on-chain payment past a $100 daily limit is held, not credited; redelivery changes nothing', async () => {
    expect((await call(app, 'PUT', '/api/v1/user/limits', { daily: 100 }, { token: p.token })).status).toBe(200);
    const d = await deposit('100');
    await payConfirmed(d.invoiceId);
    expect(await wallet()).toBe(100);
    // The same invoice's address paid again inside its monitoring window: $420 more.
    await payConfirmed(d.invoiceId, '0.0084');
    expect(await wallet()).toBe(100);
    expect(await held()).toBe(42_000);
    const rows = await history();
    expect(rows.map((r) => [r.amount, r.transactionStatus]).sort()).toEqual([[100, 'completed'], [420, 'held']]);
    expect((await call(app, 'GET', `/api/v1/btc/deposit/${d.depositId}`, undefined, { token: p.token })).json.data).toMatchObject({ credited: 100, held: 420 });
    // The player is told, in a notification.
    const notes = await call(app, 'GET', '/api/v1/notification', undefined, { token: p.token });
    expect(JSON.stringify(notes.json)).toContain('$420.00 of your Bitcoin deposit is past your deposit limit, so it is held');
    for (const x of [...double.deliveries]) double.redeliver(x.deliveryId);
    await settle();
    expect(await wallet()).toBe(100);
    expect(await held()).toBe(42_000);
  });

  test('a payment straddling the limit is split: what fits is credited, the rest held', async () => {
    await call(app, 'PUT', '/api/v1/user/limits', { daily: 150 }, { token: p.token });
    const d = await deposit('100');
    await payConfirmed(d.invoiceId);
    await payConfirmed(d.invoiceId, '0.002'); // $100 more: $50 fits
    expect(await wallet()).toBe(150);
    expect(await held()).toBe(5_000);
    expect((await history()).map((r) => [r.amount, r.transactionStatus]).sort()).toEqual([[150, 'completed'], [50, 'held']]);
  });

  test('two deposits paid over at the same moment cannot both use the last of a limit', async () => {
    await call(app, 'PUT', '/api/v1/user/limits', { daily: 200 }, { token: p.token });
    const a = await deposit('50');
    const b = await deposit('50');
    await payConfirmed(a.invoiceId);
    await payConfirmed(b.invoiceId);
    // Both over-paid by $100 while $100 of the limit is left: each sync alone would credit it all.
    double.loseDeliveries(true);
    for (const inv of [a.invoiceId, b.invoiceId]) double.confirm(double.payOnchain(inv, '0.002'));
    await Promise.all([app.deps.deposits.sync(a.invoiceId), app.deps.deposits.sync(b.invoiceId)]);
    expect(await wallet()).toBe(200);
    expect(await held()).toBe(10_000);
  });
});

describe('payments during a break', () => {
  test('a payment that arrives during a cool-off is held whole and shows as Held', async () => {
    const d = await deposit('60');
    expect((await call(app, 'POST', '/api/v1/user/cool-off', { period: '24h' }, { token: p.token })).status).toBe(200);
    await payConfirmed(d.invoiceId);
    expect(await wallet()).toBe(0);
    expect(await held()).toBe(6_000);
    expect((await history()).map((r) => [r.amount, r.transactionStatus])).toEqual([[60, 'held']]);
    expect((await call(app, 'GET', `/api/v1/btc/deposit/${d.depositId}`, undefined, { token: p.token })).json.data).toMatchObject({ status: 'completed', credited: 0, held: 60 });
    expect((await waitForMail(app, p.email, /held/)).text).toContain('$60.00 of your Bitcoin deposit arrived during your cool-off break, so it is held');
  });

  test('a Lightning payment during a self-exclusion is held too', async () => {
    const d = await deposit('30');
    await app.deps.database.client.execute({ sql: 'INSERT INTO play_controls (user_id, self_excluded_permanent, updated_at) VALUES (?, 1, ?)', args: [p.userId, Date.now()] });
    double.payLightning(d.invoiceId);
    await settle();
    expect(await wallet()).toBe(0);
    expect(await held()).toBe(3_000);
    const row = await app.deps.database.client.execute({ sql: 'SELECT reason, status FROM held_funds WHERE user_id = ?', args: [p.userId] });
    expect(row.rows.map((r) => [r.reason, r.status])).toEqual([['self_exclusion', 'held']]);
  });
});
