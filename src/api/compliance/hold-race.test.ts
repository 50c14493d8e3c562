import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { startBtcpayDouble, type BtcpayDouble } from '../../../tests/doubles/btcpay';
import { makeApp, type TestApp } from '../../../tests/helpers/app';
import { casesOf, payoutCreates, withdraw } from '../../../tests/helpers/compliance';
import { fund } from '../../../tests/helpers/money';
import { createPlayer } from '../../../tests/helpers/players';
import { createBtcpayProvider } from '../../services/payments/btcpay/btcpay.provider';
import type { PaymentsProvider } from '../../services/payments/payments.port';
import { verifyLedger } from '../../services/ledger/ledger-verify';

// Withdrawals that really overlap: each request waits, after its checks and before anything is held, until all of
// them have got that far (the injected delay is in the rate read every request makes first). Then they hold together.
const SECRET = 'whsec-aml-race-7Tn1';
const ADDRESSES = ['bcrt1q4s80fx9kl4ve9ulptyjkqy76jv89kclzslgt4e', 'bcrt1qv3a65jzd6mwkuhs854we2h5w785n3zveah24fe', 'bcrt1qdc922pavl75cuuc240v9qmwc3x08mgmeset0ys'];

let double: BtcpayDouble;
let app: TestApp;
let arrived = 0;
let expected = 0;
let open: () => void = () => {};
let gate: Promise<void> = Promise.resolve();

beforeEach(async () => {
  double = await startBtcpayDouble({ deliver: (req) => app.handle(req), webhookSecret: SECRET });
  const real = createBtcpayProvider({ url: double.url, apiKey: double.apiKey, storeId: double.storeId, webhookSecret: SECRET });
  const provider: PaymentsProvider = Object.assign(Object.create(null), real, {
    async currentRate() {
      const rate = await real.currentRate();
      if (++arrived === expected) open();
      await gate;
      return rate;
    },
  });
  app = await makeApp({ BTCPAY_URL: double.url, BTCPAY_API_KEY: double.apiKey, BTCPAY_STORE_ID: double.storeId, BTCPAY_WEBHOOK_SECRET: SECRET,
    AML_MIN_PLAY_SHARE: '0.25', AML_SHARED_DESTINATION: 'on', WITHDRAWAL_AUTO_APPROVE_DOLLARS: '500' }, { payments: provider });
});
afterEach(async () => {
  await double.close();
  expect(double.violations).toEqual([]);
  expect((await verifyLedger(app.deps.database.client)).ok).toBe(true);
});

/** The next `n` rate reads wait for each other. */
function overlap(n: number) {
  arrived = 0;
  expected = n;
  gate = new Promise((r) => (open = r));
}

describe('withdrawals overlapping a hold', () => {
  test('three at once from money deposited and never played: every one is held, none reaches BTCPay', async () => {
    const p = await createPlayer(app);
    await fund(app, p.userId, 300_000);
    overlap(3);
    const all = await Promise.all(ADDRESSES.map((a) => withdraw(app, p, { currency: 'BTC-CHAIN', wallet_address: a, amount: 100 })));
    expect(all.map((r) => [r.status, r.json.data?.status])).toEqual([[200, 'under review'], [200, 'under review'], [200, 'under review']]);
    await app.deps.withdrawals.reconcileOnce();
    expect(payoutCreates(double)).toBe(0);
    const cases = await casesOf(app, p.userId);
    expect(cases.map((c) => [c.rule, c.status])).toEqual([['in_out_without_play', 'open']]);
  });

  test('two players to one address at once: the one whose hold commits second is held, whichever it is', async () => {
    const [a, b] = [await createPlayer(app), await createPlayer(app)];
    for (const p of [a, b]) await fund(app, p.userId, 10_000);
    // Neither is held by the play rule: both played their quarter.
    const { play } = await import('../../../tests/helpers/compliance');
    for (const p of [a, b]) await play(app, p, 25);
    overlap(2);
    const [ra, rb] = await Promise.all([a, b].map((p) => withdraw(app, p, { currency: 'BTC-LN', wallet_address: 'shared@wallet.example.com', amount: 10 })));
    const statuses = [ra!.json.data.status, rb!.json.data.status].sort();
    expect(statuses).toEqual(['pending', 'under review']);
    expect(payoutCreates(double)).toBe(1);
    const held = ra!.json.data.status === 'under review' ? a : b;
    expect((await casesOf(app, held.userId)).map((c) => c.rule)).toEqual(['shared_destination']);
  });
});
