import { describe, expect, test } from 'bun:test';
import { COINREEL_PERMISSIONS, RESERVES_PERMISSIONS } from '../../../../tests/doubles/btcpay';
import { useBtcpay } from '../../../../tests/helpers/btcpay';
import { PaymentsError } from '../payments.port';
import { readReserves as reservesJson } from '../../solvency/reserves';
import { btcOfMsat } from './btcpay.reserves';

const t = useBtcpay({ rate: '64250.5' });
const scoped = (names: string[]) => names.map((n) => `${n}:${t.double.storeId}`);

describe('BTCPay adapter: the store reserves', () => {
  test("the on-chain wallet's confirmed balance and the Lightning node's own side, with the store's rate, from store-scoped routes", async () => {
    const r = await t.provider.reserves();
    expect(r).toEqual({ onchainConfirmedBtc: '1.50000000', lightningBtc: '0.25000000000', lightningNote: null, rateUsdPerBtc: '64250.5', at: expect.any(Number) });
    expect(t.double.requests.map((q) => `${q.method} ${q.path} ${q.status}`)).toEqual([
      `GET /api/v1/stores/${t.double.storeId}/payment-methods/BTC-CHAIN/wallet 200`,
      `GET /api/v1/stores/${t.double.storeId}/lightning/BTC/balance 200`,
      `GET /api/v1/stores/${t.double.storeId}/rates?currencyPair=BTC_USD 200`,
    ]);
  });

  test('unconfirmed money is not reserves; cents are rounded down, never up', async () => {
    t.double.setWallet({ confirmed: '0.00001234', unconfirmed: '5.00000000' });
    t.double.setLightning({ localMsat: '1', remoteMsat: '0' });
    const r = await reservesJson(t.provider, Date.now);
    // 0.00001234 BTC × $64,250.50 = $0.79285... → 79 cents; 1 msat is 0.00000000001 BTC → 0 cents.
    expect(r).toMatchObject({ source: 'btcpay', sandbox: false, onchain: { btc: '0.00001234', cents: 79 }, lightning: { btc: '0.00000000001', cents: 0 }, totalCents: 79 });
  });

  test('no Lightning node, or one that does not answer, or a key that may not read it: the on-chain figure alone, and why', async () => {
    t.double.setLightning('none');
    expect(await t.provider.reserves()).toMatchObject({ lightningBtc: null, lightningNote: 'The store has no Lightning node.' });
    t.double.setLightning('down');
    expect(await t.provider.reserves()).toMatchObject({ lightningBtc: null, lightningNote: expect.stringContaining('could not be read') });
    t.double.setLightning({ localMsat: '5', remoteMsat: '5' });
    t.double.setPermissions(scoped([...COINREEL_PERMISSIONS, 'btcpay.store.canviewwallet']));
    expect(await t.provider.reserves()).toMatchObject({ lightningBtc: null, lightningNote: expect.stringContaining('btcpay.store.canuselightningnode') });
    // "Modify your stores" includes the Lightning node's permission in BTCPay's policy map.
    t.double.setPermissions(scoped(['btcpay.store.canmodifystoresettings', 'btcpay.store.canviewwallet']));
    expect(await t.provider.reserves()).toMatchObject({ lightningBtc: '0.00000000005' });
  });

  test('a key that may not read the wallet, or a store without one: no reserves, and the published file says why', async () => {
    t.double.setPermissions(scoped([...COINREEL_PERMISSIONS, 'btcpay.store.canuselightningnode']));
    await expect(t.provider.reserves()).rejects.toBeInstanceOf(PaymentsError);
    expect(await reservesJson(t.provider, () => 0)).toEqual({ source: 'btcpay', sandbox: false, at: '1970-01-01T00:00:00.000Z', unavailable: expect.stringContaining('Missing permission btcpay.store.canviewwallet') });
    t.double.setPermissions(scoped([...COINREEL_PERMISSIONS, ...RESERVES_PERMISSIONS]));
    t.double.setWallet(null);
    await expect(t.provider.reserves()).rejects.toMatchObject({ kind: 'not-found' });
    await t.double.setDown(true);
    expect(await reservesJson(t.provider, Date.now)).toMatchObject({ unavailable: expect.stringContaining('503') });
    await t.double.setDown(false);
  });

  test('millisatoshi to BTC, exactly', () => {
    expect(btcOfMsat('0')).toBe('0.00000000000');
    expect(btcOfMsat('100000000000')).toBe('1.00000000000');
    expect(btcOfMsat('2100000000000000000')).toBe('21000000.00000000000');
    expect(() => btcOfMsat('-1')).toThrow(RangeError);
    expect(() => btcOfMsat('1.5')).toThrow(RangeError);
  });
});
