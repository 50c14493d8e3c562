import { beforeAll, describe, expect, test } from 'bun:test';
import { regtestAddress } from '../../../tests/doubles/btcpay/ids';
import { call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { fund, available } from '../../../tests/helpers/money';
import { createPlayer, type TestPlayer } from '../../../tests/helpers/players';
import { makeBolt11 } from '../../../tests/helpers/bolt11';
import { verifyLedger } from '../../services/ledger/ledger-verify';
import { debtId, systemId } from '../../services/ledger/ledger.types';

const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
const ORDER = { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 150, tip: 5 };
let app: TestApp;
// The review's clock: moved forward to see a review go stale.
const clock = { t: Date.now() };

beforeAll(async () => {
  app = await makeApp({ SANDBOX_PAYOUT_DELAY_S: '3600', WITHDRAWAL_MAX_OPEN: '2' }, { now: () => clock.t });
});

async function funded(cents = 20_000): Promise<TestPlayer> {
  const p = await createPlayer(app);
  await fund(app, p.userId, cents);
  return p;
}
const review = (p: TestPlayer, body: Record<string, unknown> = ORDER) => call(app, 'POST', '/api/v1/withdraw/review', body, { token: p.token });
const confirm = (p: TestPlayer, body: Record<string, unknown>, key = crypto.randomUUID()) =>
  call(app, 'POST', '/api/v1/withdraw/confirm', body, { token: p.token, headers: { 'idempotency-key': key } });
/** Everything a withdrawal would leave behind: its row, its hold (any transfer from the wallet) and its notification. */
async function traces(p: TestPlayer) {
  const q = async (sql: string) => Number((await app.deps.database.client.execute({ sql, args: [p.userId] })).rows[0]![0]);
  return {
    withdrawals: await q('SELECT count(*) FROM withdrawals WHERE user_id = ?'),
    transfers: await q(`SELECT count(*) FROM transfers WHERE debit_account_id = 'w:' || ?`),
    history: await q(`SELECT count(*) FROM transactions WHERE user_id = ? AND type = 'WITHDRAW'`),
    notes: await q('SELECT count(*) FROM notifications WHERE user_id = ?'),
    available: await available(app, p.userId),
  };
}

describe('the review step holds nothing', () => {
  test('it answers every figure the player checks, and leaves no row, hold, transfer or notification', async () => {
    const p = await funded();
    const before = await traces(p);
    const r = await review(p);
    expect(r.status).toBe(200);
    expect(r.json.review).toMatchObject({
      currency: 'BTC-CHAIN', wallet_address: ADDRESS, destinationKind: 'address', amount: 150, tip: 5, total: 155, rate: 50000,
      btcAmount: '0.00300000', btcFixed: false, network: 'regtest', timeText: 'Withdrawals are usually sent within minutes.',
    });
    expect(Date.parse(r.json.review.expiresAt) - Date.parse(r.json.review.readAt)).toBe(10 * 60_000);
    expect(await traces(p)).toEqual(before);
  });

  test('a Lightning invoice with its own amount: its BTC, fixed, and the invoice as it will be paid', async () => {
    const p = await funded();
    const invoice = makeBolt11({ sats: 20_000 });
    const r = await review(p, { currency: 'BTC-LN', wallet_address: `lightning:${invoice.toUpperCase()}`, amount: 10, tip: 0 });
    expect(r.json.review).toMatchObject({ wallet_address: invoice, destinationKind: 'bolt11', btcAmount: '0.00020000', btcFixed: true, tip: 0, total: 10 });
  });
});

describe('the review says the refusals the request would give, and holds nothing', () => {
  test('balance, minimum, address, and the open-withdrawals limit', async () => {
    const p = await funded(12_000);
    const before = await traces(p);
    const short = await review(p, { ...ORDER, amount: 120, tip: 5 });
    expect(short.status).toBe(409);
    expect(short.json).toMatchObject({ errorType: 'INSUFFICIENT_FUNDS', message: 'Your wallet balance does not cover this withdrawal and its tip.' });
    expect((await review(p, { ...ORDER, amount: 99 })).json.errors).toEqual([{ field: 'amount', message: 'The smallest on-chain withdrawal is $100.' }]);
    const tb1 = await review(p, { ...ORDER, amount: 100, wallet_address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx' });
    expect(tb1.json.errors[0]).toMatchObject({ field: 'wallet_address', message: expect.stringContaining('Bitcoin testnet address') });
    expect(await traces(p)).toEqual(before);
    // Two withdrawals open (the limit here): the review of a third says so before anything is held.
    const q = await funded(40_000);
    for (const amount of [100, 100]) expect((await call(app, 'POST', '/api/v1/withdraw/withdraw-request', { ...ORDER, amount, tip: 0 }, { token: q.token })).status).toBe(200);
    const third = await review(q, { ...ORDER, amount: 100, tip: 0 });
    expect(third.status).toBe(409);
    expect(third.json.errorType).toBe('WITHDRAWALS_OPEN_LIMIT');
  });

  test('identity before cash-out, and a debt from a reversed deposit', async () => {
    const strict = await makeApp({ IDENTITY_REQUIRED_FOR: 'withdrawal' });
    const p = await createPlayer(strict);
    await fund(strict, p.userId, 20_000);
    const r = await call(strict, 'POST', '/api/v1/withdraw/review', ORDER, { token: p.token });
    expect(r.status).toBe(403);
    expect(r.json).toMatchObject({ errorType: 'IDENTITY_REQUIRED', link: '/verify-identity' });
    // Money the wallet does not hold is said first, as the request says it.
    const poor = await createPlayer(strict);
    expect((await call(strict, 'POST', '/api/v1/withdraw/review', ORDER, { token: poor.token })).json.errorType).toBe('INSUFFICIENT_FUNDS');
    await strict.deps.deposits.idle();
    // Owing from a reversed deposit pauses withdrawals: said at the review too.
    const owing = await funded();
    await app.deps.ledger.transfer({ debit: debtId(owing.userId), credit: systemId('house_adjustments'), amountCents: 700, code: 'TEST_DEBT' });
    const debt = await review(owing);
    expect([debt.status, debt.json.errorType]).toEqual([403, 'ACCOUNT_IN_DEBT']);
  });
});

describe('the confirmation withdraws exactly what was reviewed', () => {
  test('once, even when pressed twice at the same moment', async () => {
    const p = await funded();
    const { token } = (await review(p)).json.review;
    const key = crypto.randomUUID();
    const [a, b] = await Promise.all([confirm(p, { ...ORDER, review: token }, key), confirm(p, { ...ORDER, review: token }, key)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.json.data.withdrawalId).toBe(b.json.data.withdrawalId);
    expect(a.json.message).toBe('Withdrawal of $150.00 requested, with a $5.00 tip: $155.00 left your wallet. Withdrawals are usually sent within minutes.');
    expect(a.json.data).toMatchObject({ btcAmount: '0.00300000', rate: 50000 });
    expect((await traces(p)).withdrawals).toBe(1);
    expect(await available(app, p.userId)).toBe(4_500);
    expect((await verifyLedger(app.deps.database.client)).ok).toBe(true);
  });

  test('once per review, under other keys or none: a script confirming one review again gets the same withdrawal', async () => {
    const p = await funded();
    const { token } = (await review(p)).json.review;
    const noKey = () => call(app, 'POST', '/api/v1/withdraw/confirm', { ...ORDER, review: token }, { token: p.token });
    const answers = [await noKey(), await noKey(), await confirm(p, { ...ORDER, review: token }), await confirm(p, { ...ORDER, review: token })];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((r) => r.json.data.withdrawalId)).size).toBe(1);
    expect((await traces(p)).withdrawals).toBe(1);
    expect(await available(app, p.userId)).toBe(4_500);
    // A new review is a new withdrawal.
    await fund(app, p.userId, 20_000);
    expect((await confirm(p, { ...ORDER, review: (await review(p)).json.review.token })).status).toBe(200);
    expect((await traces(p)).withdrawals).toBe(2);
  });

  test('anything else than what was reviewed is refused, and nothing is held', async () => {
    const p = await funded();
    const other = await funded();
    const { token } = (await review(p)).json.review;
    const before = await traces(p);
    for (const [who, body] of [
      [p, { ...ORDER, amount: 160, review: token }],
      [p, { ...ORDER, tip: 0, review: token }],
      [p, { ...ORDER, wallet_address: regtestAddress(), review: token }],
      [p, { ...ORDER, currency: 'BTC-LN', review: token }],
      [p, { ...ORDER, review: token.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A')) }],
      [p, { ...ORDER }],
      // Another player's review is not this player's.
      [other, { ...ORDER, review: token }],
    ] as const) {
      const r = await confirm(who, body);
      expect(r.status).toBe(409);
      expect(r.json.errorType).toBe('REVIEW_CHANGED');
    }
    expect(await traces(p)).toEqual(before);
  });

  test('after ten minutes the review is stale: nothing moves, and a new review withdraws', async () => {
    const p = await funded();
    const { token } = (await review(p)).json.review;
    clock.t += 10 * 60_000 + 1;
    try {
      const r = await confirm(p, { ...ORDER, review: token });
      expect(r.status).toBe(409);
      expect(r.json.errorType).toBe('REVIEW_EXPIRED');
      expect((await traces(p)).withdrawals).toBe(0);
      const fresh = (await review(p)).json.review.token;
      expect((await confirm(p, { ...ORDER, review: fresh })).status).toBe(200);
    } finally {
      clock.t = Date.now();
    }
  });

  test('a rate that gives the player more than 1% less is shown again first; a smaller move goes through', async () => {
    const p = await funded(40_000);
    const provider = app.deps.payments;
    const original = provider.currentRate;
    try {
      const { token } = (await review(p)).json.review;
      provider.currentRate = async () => '50600.00';
      const moved = await confirm(p, { ...ORDER, review: token });
      expect(moved.status).toBe(409);
      expect(moved.json.errorType).toBe('RATE_MOVED');
      expect((await traces(p)).withdrawals).toBe(0);
      // 0.4% less: within what the review promised; the withdrawal records the rate it really used.
      provider.currentRate = async () => '50200.00';
      const within = await confirm(p, { ...ORDER, review: token });
      expect(within.status).toBe(200);
      expect(within.json.data).toMatchObject({ rate: 50200, btcAmount: '0.00298804' });
      // A rate in the player's favour never stops the confirmation.
      const second = (await review(p, { ...ORDER, tip: 0 })).json.review.token;
      provider.currentRate = async () => '40000.00';
      expect((await confirm(p, { ...ORDER, tip: 0, review: second })).status).toBe(200);
    } finally {
      provider.currentRate = original;
    }
  });
});
