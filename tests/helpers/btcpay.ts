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
