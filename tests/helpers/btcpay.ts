import { afterEach, beforeEach, expect } from 'bun:test';
import type { PaymentsProvider } from '../../src/services/payments/payments.port';
import { createBtcpayProvider } from '../../src/services/payments/btcpay/btcpay.provider';
import { type BtcpayDouble, type BtcpayDoubleOptions, startBtcpayDouble } from '../doubles/btcpay';

export const WEBHOOK_SECRET = 'whsec-test-8Rq2Lm';

export type BtcpayFixture = { double: BtcpayDouble; provider: PaymentsProvider };

/**
 * A fresh BTCPay double and a real adapter pointed at it for each test. After each test: no request broke the
 * contract, and every call used a store-scoped route (what servers before 2.4.0 require).
 */
export function useBtcpay(opts: BtcpayDoubleOptions = {}, timeoutMs = 2000): BtcpayFixture {
  const fixture = {} as BtcpayFixture;
  beforeEach(async () => {
    fixture.double = await startBtcpayDouble(opts);
    fixture.provider = createBtcpayProvider({ url: fixture.double.url, apiKey: fixture.double.apiKey, storeId: fixture.double.storeId, webhookSecret: WEBHOOK_SECRET, timeoutMs });
  });
  afterEach(async () => {
    const { double } = fixture;
    await double.close();
    expect(double.violations).toEqual([]);
    const scoped = `/api/v1/stores/${double.storeId}/`;
    expect(double.requests.filter((r) => !r.path.startsWith(scoped) && r.path !== '/api/v1/api-keys/current')).toEqual([]);
  });
  return fixture;
}

export type BtcpayAppFixture = { double: BtcpayDouble; app: import('./app').TestApp };

/**
 * For each test: a fresh BTCPay double and a whole app configured against it, the double delivering its webhooks to
 * that app in-process. After each test: every queued delivery and the work it started have finished, no request
 * broke the contract, and the ledger verifies.
 */
export function useBtcpayApp(secret: string, env: Record<string, string> = {}, dir?: () => string | undefined): BtcpayAppFixture {
  const f = {} as BtcpayAppFixture;
  beforeEach(async () => {
    f.double = await startBtcpayDouble({ deliver: (req) => f.app.handle(req), webhookSecret: secret });
    const { makeApp } = await import('./app');
    f.app = await makeApp({ BTCPAY_URL: f.double.url, BTCPAY_API_KEY: f.double.apiKey, BTCPAY_STORE_ID: f.double.storeId, BTCPAY_WEBHOOK_SECRET: secret, ...env });
  });
  afterEach(async () => {
    await f.double.close();
    await f.app.deps.deposits.idle();
    expect(f.double.violations).toEqual([]);
    const { verifyLedger } = await import('../../src/services/ledger/ledger-verify');
    expect((await verifyLedger(f.app.deps.database.client)).ok).toBe(true);
  });
  return f;
}
