import { beforeAll, describe, expect, test } from 'bun:test';
import { makeBolt11 } from '../../../tests/helpers/bolt11';
import { call, LOOPBACK, makeApp, page, type TestApp } from '../../../tests/helpers/app';
import { createPlayer, type TestPlayer } from '../../../tests/helpers/players';
import { systemId, walletId } from '../../services/ledger/ledger.types';
import { verifyLedger } from '../../services/ledger/ledger-verify';
import { serveApp } from '../../serve';

const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
let app: TestApp;
beforeAll(async () => {
  // Sandbox payouts wait for the controls here instead of completing by themselves.
  app = await makeApp({ SANDBOX_PAYOUT_DELAY_S: '3600', WITHDRAWAL_DAILY_MAX_DOLLARS: '2000' });
});

async function funded(dollars: number): Promise<TestPlayer> {
  const p = await createPlayer(app);
  await app.deps.ledger.transfer({ debit: systemId('promotions'), credit: walletId(p.userId), amountCents: dollars * 100, code: 'TEST_FUNDS' });
  return p;
}
const withdraw = (p: TestPlayer, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(app, 'POST', '/api/v1/withdraw/withdraw-request', body, { token: p.token, headers });
const wallet = async (p: TestPlayer) => (await call(app, 'GET', '/api/v1/user/wallet-balance', undefined, { token: p.token })).json.walletAmount;
const history = async (p: TestPlayer) => (await call(app, 'GET', '/api/v1/transaction/transaction-List/WITHDRAW', undefined, { token: p.token })).json.TransactionList;
const control = (p: TestPlayer, id: string, to: string) => call(app, 'POST', `/api/v1/sandbox/withdrawals/${id}/${to}`, undefined, { token: p.token, peer: LOOPBACK });
const balance = async (id: string) => (await app.deps.ledger.balance(id)).balanceCents;
const ledgerOk = async () => expect((await verifyLedger(app.deps.database.client)).ok).toBe(true);

describe('withdraw request (spec §7)', () => {
  test('on-chain $150 with a $5 tip: held at once, completed, the tip in the tips account', async () => {
    const p = await funded(200);
    const tipsBefore = await balance(systemId('tips'));
    const r = await withdraw(p, { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 150, tip: 5 });
    expect(r.status).toBe(200);
    // What left the wallet is more than what is sent: the sentence says both.
    expect(r.json.message).toBe('Withdrawal of $150.00 requested, with a $5.00 tip: $155.00 left your wallet. Withdrawals are usually sent within minutes.');
    expect(r.json.data).toMatchObject({ status: 'pending', amount: 150, tip: 5, rate: 50000, btcAmount: '0.00300000' });
    expect(await wallet(p)).toBe(45);
    // The row's amount is what left the wallet; the tip is named beside it.
    expect((await history(p))[0]).toMatchObject({ type: 'WITHDRAW', amount: 155, tip: 5, transactionStatus: 'pending' });
    expect((await control(p, r.json.data.withdrawalId, 'complete')).status).toBe(200);
    const done = (await history(p))[0];
    expect(done).toMatchObject({ amount: 155, transactionStatus: 'completed', destination: ADDRESS, currency: 'BTC-CHAIN' });
    // The row says where the money went and names the Bitcoin transaction as such.
    const shown = await (await page(app, '/transactions?type=WITHDRAW', { cookie: `token=${p.token}` })).text();
    expect(shown).toContain(`To ${ADDRESS}`);
    expect(shown).toContain(/^[0-9a-f]{64}$/.test(done.orderId) ? `Bitcoin transaction ${done.orderId}` : `Payout ${done.orderId}`);
    expect(await wallet(p)).toBe(45);
    expect((await balance(systemId('tips'))) - tipsBefore).toBe(500);
    // Ending it again changes nothing.
    expect((await control(p, r.json.data.withdrawalId, 'cancel')).status).toBe(409);
    expect(await wallet(p)).toBe(45);
    await ledgerOk();
  });

  test('cancelled: amount and tip come back once, even when the news arrives twice', async () => {
    const p = await funded(120);
    const r = await withdraw(p, { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 100, tip: 10 });
    expect(await wallet(p)).toBe(10);
    await control(p, r.json.data.withdrawalId, 'cancel');
    await app.deps.withdrawals.syncPayout(r.json.data.payoutId);
    await app.deps.withdrawals.reconcileOnce();
    expect(await wallet(p)).toBe(120);
    expect((await history(p))[0].transactionStatus).toBe('cancelled');
    await ledgerOk();
  });

  test('Lightning: amountless and amount-carrying BOLT11, and a Lightning address, are accepted', async () => {
    const p = await funded(100);
    const made: string[] = [];
    for (const wallet_address of [makeBolt11({ sats: null }), makeBolt11({ sats: 20000 }), 'Satoshi@Wallet.example.com', `lightning:${makeBolt11({ sats: null })}`]) {
      const r = await withdraw(p, { currency: 'BTC-LN', wallet_address, amount: 10 });
      expect(r.status).toBe(200);
      made.push(r.json.data.withdrawalId);
      // At most three open at once: let each one finish.
      await control(p, r.json.data.withdrawalId, 'complete');
    }
    const amountCarrying = (await app.deps.withdrawals.get(p.userId, made[1]!))!;
    // Its own amount, sent explicitly: the payout pays exactly what the invoice asks, within what was held.
    expect(amountCarrying.btcAmount).toBe('0.00020000');
    expect(amountCarrying.sendAmount).toBe(true);
    expect((await app.deps.withdrawals.get(p.userId, made[2]!))!.destination).toBe('satoshi@wallet.example.com');
    expect(await wallet(p)).toBe(60);
  });

  test('spec §5 messages for missing and bad fields; nothing is held', async () => {
    const p = await funded(500);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ wallet_address: ADDRESS, amount: 150 }, 'currency', 'Currency is required'],
      [{ currency: 'BTC-CHAIN', amount: 150 }, 'wallet_address', 'Wallet address is required'],
      [{ currency: 'BTC-CHAIN', wallet_address: ADDRESS }, 'amount', 'Amount is required'],
      [{ currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: -5 }, 'amount', 'Enter a valid amount'],
      [{ currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 1.234 }, 'amount', 'Enter a valid amount'],
      [{ currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: '150' }, 'amount', 'Enter a valid amount'],
      [{ currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 99.99 }, 'amount', 'The smallest on-chain withdrawal is $100.'],
      [{ currency: 'BTC-LN', wallet_address: makeBolt11({ sats: null }), amount: 0.5 }, 'amount', 'The smallest Lightning withdrawal is $1.'],
      [{ currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 150, tip: 2.5 }, 'tip', 'Tip must be a whole number of dollars'],
      [{ currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 150, tip: '5' }, 'tip', 'Tip must be a whole number of dollars'],
      [{ currency: 'BTC-CHAIN', wallet_address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', amount: 150 }, 'wallet_address', 'This is a Bitcoin mainnet address; withdrawals here go to Bitcoin regtest addresses.'],
      [{ currency: 'BTC-CHAIN', wallet_address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', amount: 150 }, 'wallet_address', 'This is a Bitcoin testnet address; withdrawals here go to Bitcoin regtest addresses.'],
      [{ currency: 'BTC-CHAIN', wallet_address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt081', amount: 150 }, 'wallet_address', 'Enter a valid Bitcoin address.'],
      [{ currency: 'BTC-CHAIN', wallet_address: '<script>', amount: 150 }, 'wallet_address', 'Enter a valid Bitcoin address.'],
      [{ currency: 'BTC-LN', wallet_address: 'lnbcrt1garbage', amount: 10 }, 'wallet_address', 'Enter a valid Lightning invoice or Lightning address.'],
      [{ currency: 'BTC-LN', wallet_address: makeBolt11({ sats: null, network: 'bc' }), amount: 10 }, 'wallet_address', 'This Lightning invoice is not for Bitcoin regtest.'],
      [{ currency: 'BTC-LN', wallet_address: makeBolt11({ sats: null, timestamp: Math.floor(Date.now() / 1000) - 7200 }), amount: 10 }, 'wallet_address', 'This Lightning invoice has expired or is about to. Make a new one in your wallet.'],
      [{ currency: 'BTC-LN', wallet_address: makeBolt11({ sats: 40000 }), amount: 10 }, 'wallet_address', "This invoice asks for 0.00040000 BTC, more than $10.00 at today's rate. Create an invoice for at most 20,000 sats (0.00020000 BTC), or one without an amount."],
      [{ currency: 'BTC-LN', wallet_address: makeBolt11({ sats: 10000 }), amount: 10 }, 'wallet_address', 'This Lightning invoice asks for about $5.00, not $10.00. Make an invoice for the amount you withdraw, or one without an amount.'],
    ];
    for (const [body, field, message] of cases) {
      const r = await withdraw(p, body);
      expect({ status: r.status, errors: r.json.errors }).toEqual({ status: 400, errors: [{ field, message }] });
    }
    expect(await wallet(p)).toBe(500);
    expect(await history(p)).toEqual([]);
  });

  test('the wallet must cover amount + tip: 409 with a clear message', async () => {
    const p = await funded(104);
    const r = await withdraw(p, { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 100, tip: 5 });
    expect(r.status).toBe(409);
    expect(r.json.message).toBe('Your wallet balance does not cover this withdrawal and its tip.');
    expect(await wallet(p)).toBe(104);
  });

  test('without a tip the refusal names no tip', async () => {
    const p = await funded(99);
    const r = await withdraw(p, { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 100, tip: 0 });
    expect(r.status).toBe(409);
    expect(r.json.message).toBe('Your wallet balance does not cover this withdrawal.');
  });

  test('three racing withdrawals of the whole balance: one succeeds', async () => {
    const p = await funded(300);
    const rs = await Promise.all([0, 1, 2].map(() => withdraw(p, { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 300 })));
    expect(rs.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await wallet(p)).toBe(0);
    await ledgerOk();
  });

  test('a double click with one Idempotency-Key withdraws once', async () => {
    const p = await funded(400);
    const key = { 'idempotency-key': crypto.randomUUID() };
    const body = { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 100 };
    const rs = await Promise.all([withdraw(p, body, key), withdraw(p, body, key)]);
    expect(rs.map((r) => r.status)).toEqual([200, 200]);
    expect(rs[0]!.json.data.withdrawalId).toBe(rs[1]!.json.data.withdrawalId);
    expect(await wallet(p)).toBe(300);
  });

  test('the longest Idempotency-Key (255 characters) withdraws, once', async () => {
    const p = await funded(400);
    const key = { 'idempotency-key': 'k'.repeat(255) };
    const body = { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 100 };
    const first = await withdraw(p, body, key);
    expect([first.status, first.json.errors]).toEqual([200, undefined]);
    const again = await withdraw(p, body, key);
    expect(again.json.data.withdrawalId).toBe(first.json.data.withdrawalId);
    expect(await wallet(p)).toBe(300);
  });

  test('open withdrawals and the daily total are capped', async () => {
    const p = await funded(5000);
    for (let i = 0; i < 3; i++) expect((await withdraw(p, { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 100 })).status).toBe(200);
    // Without a tip the row names none.
    expect('tip' in (await history(p))[0]).toBe(false);
    const fourth = await withdraw(p, { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 100 });
    expect(fourth.status).toBe(409);
    expect(fourth.json.errorType).toBe('WITHDRAWALS_OPEN_LIMIT');
    const q = await funded(5000);
    const big = await withdraw(q, { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 2500 });
    expect(big.status).toBe(409);
    expect(big.json.message).toBe('Withdrawals are limited to $2,000.00 a day. You can withdraw up to $2,000.00 now.');
  });

  test('the daily maximum itself is allowed: $1,500 then $500 reach exactly $2,000; one cent more is refused', async () => {
    const p = await funded(5000);
    expect((await withdraw(p, { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 1500 })).status).toBe(200);
    const exact = await withdraw(p, { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 500 });
    expect([exact.status, exact.json.errorType]).toEqual([200, undefined]);
    const q = await funded(5000);
    expect((await withdraw(q, { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 2000 })).status).toBe(200);
    const r = await funded(5000);
    const over = await withdraw(r, { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 2000.01 });
    expect([over.status, over.json.errorType]).toEqual([409, 'WITHDRAWAL_DAILY_LIMIT']);
    expect(await wallet(r)).toBe(5000);
  });

  test('a request is in the notifications at once, written with the hold: once for a retried request, none for a refused one', async () => {
    const p = await funded(500);
    const notes = async () => (await app.deps.database.client.execute({ sql: "SELECT content FROM notifications WHERE user_id = ? AND type = 'WITHDRAWAL_REQUESTED'", args: [p.userId] })).rows.map((r) => r.content);
    const key = { 'idempotency-key': crypto.randomUUID() };
    expect((await withdraw(p, { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 150, tip: 5 }, key)).status).toBe(200);
    expect((await withdraw(p, { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 150, tip: 5 }, key)).status).toBe(200);
    expect(await notes()).toEqual(['Your withdrawal of $150.00 was requested, with a $5.00 tip: $155.00 left your wallet and is held until it is sent.']);
    expect((await withdraw(p, { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 400 })).status).toBe(409);
    expect(await notes()).toHaveLength(1);
    const listed = (await call(app, 'GET', '/api/v1/notification?page=1&limit=10', undefined, { token: p.token })).json;
    expect(JSON.stringify(listed)).toContain('left your wallet and is held until it is sent.');
  });

  test("another player's withdrawal cannot be read or ended", async () => {
    const p = await funded(200);
    const r = await withdraw(p, { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 100 });
    const other = await createPlayer(app);
    expect((await call(app, 'GET', `/api/v1/withdraw/${r.json.data.withdrawalId}`, undefined, { token: other.token })).status).toBe(404);
    expect((await control(other, r.json.data.withdrawalId, 'cancel')).status).toBe(404);
    expect(await wallet(p)).toBe(100);
  });
});

describe('sandbox payouts after a restart', () => {
  test('an approved payout whose timer went with the process completes once the site starts again', async () => {
    // Sent only after an hour: the process is gone long before, as after a crash.
    const first = await makeApp({ SANDBOX_PAYOUT_DELAY_S: '3600' });
    const p = await createPlayer(first);
    await first.deps.ledger.transfer({ debit: systemId('promotions'), credit: walletId(p.userId), amountCents: 20_000, code: 'TEST_FUNDS' });
    const id = (await call(first, 'POST', '/api/v1/withdraw/withdraw-request', { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 100 }, { token: p.token })).json.data.withdrawalId;
    expect((await first.deps.withdrawals.get(p.userId, id))!.payoutState).toBe('AwaitingPayment');
    await first.deps.deposits.idle();
    first.deps.database.client.close();
    // Started again on the same database, with the delay already past.
    const again = await makeApp({ SANDBOX_PAYOUT_DELAY_S: '0', DATABASE_URL: first.config.DATABASE_URL, DATA_DIR: first.dir });
    const status = async () => (await again.deps.withdrawals.get(p.userId, id))!.status;
    for (let i = 0; i < 400 && (await status()) !== 'completed'; i++) await Bun.sleep(10);
    expect(await status()).toBe('completed');
  });
});

describe('sandbox payouts: only an approved payout is sent', () => {
  test('above WITHDRAWAL_AUTO_APPROVE_DOLLARS it waits for the operator: no auto-completion, no Complete or Cancel; once approved it completes', async () => {
    const sbx = await makeApp({ SANDBOX_PAYOUT_DELAY_S: '0', WITHDRAWAL_AUTO_APPROVE_DOLLARS: '100' });
    const p = await createPlayer(sbx);
    await sbx.deps.ledger.transfer({ debit: systemId('promotions'), credit: walletId(p.userId), amountCents: 100_000, code: 'TEST_FUNDS' });
    const ask = (amount: number) => call(sbx, 'POST', '/api/v1/withdraw/withdraw-request', { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount }, { token: p.token });
    const status = async (id: string) => (await sbx.deps.withdrawals.get(p.userId, id))!.status;
    const until = async (id: string, want: string) => {
      for (let i = 0; i < 200 && (await status(id)) !== want; i++) await Bun.sleep(10);
      return status(id);
    };
    const small = (await ask(100)).json.data.withdrawalId;
    const large = (await ask(150)).json.data.withdrawalId;
    // The approved one completes by itself; the other is still waiting after the same time.
    expect(await until(small, 'completed')).toBe('completed');
    await Bun.sleep(50);
    expect(await status(large)).toBe('pending');
    expect((await sbx.deps.withdrawals.get(p.userId, large))!.payoutState).toBe('AwaitingApproval');
    for (const to of ['complete', 'cancel']) {
      const r = await call(sbx, 'POST', `/api/v1/sandbox/withdrawals/${large}/${to}`, undefined, { token: p.token, peer: LOOPBACK });
      expect({ status: r.status, message: r.json.message }).toEqual({ status: 409, message: 'This withdrawal is waiting for approval.' });
    }
    expect(await status(large)).toBe('pending');
    // Served as in production: history pages are cached under the player's history version.
    const served = serveApp(sbx, { port: 0, hostname: '127.0.0.1' });
    const listed = async () => ((await (await fetch(`http://127.0.0.1:${served.port}/api/v1/transaction/transaction-List/WITHDRAW`, { headers: { authorization: `Bearer ${p.token}` } })).json()) as any)
      .TransactionList.find((t: { withdrawalId?: string }) => t.withdrawalId === large);
    expect((await listed()).payoutApproved).toBeUndefined();
    await sbx.deps.withdrawals.approve(large);
    // The history read after the approval (not a copy cached before it) offers the sandbox controls.
    expect((await listed()).payoutApproved).toBe(true);
    served.stop(true);
    expect(await until(large, 'completed')).toBe('completed');
    expect((await verifyLedger(sbx.deps.database.client)).ok).toBe(true);
  });
});
