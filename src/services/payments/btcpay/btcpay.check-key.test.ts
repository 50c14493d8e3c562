import { describe, expect, test } from 'bun:test';
import { useBtcpay, WEBHOOK_SECRET } from '../../../../tests/helpers/btcpay';
import { createBtcpayProvider, keyCheckLine, REQUIRED_PERMISSIONS } from './btcpay.provider';

const t = useBtcpay();
const scoped = (names: readonly string[], store = t.double.storeId) => names.map((n) => `${n}:${store}`);
const check = async (permissions: string[]) => {
  t.double.setPermissions(permissions);
  return t.provider.checkKey();
};

describe('BTCPay adapter: checkKey', () => {
  test('REQUIRED_PERMISSIONS lists the six store permissions deposits and payouts need', () => {
    expect([...REQUIRED_PERMISSIONS].sort() as string[]).toEqual(
      [
        'btcpay.store.cancreateinvoice',
        'btcpay.store.canviewinvoices',
        'btcpay.store.webhooks.canmodifywebhooks',
        'btcpay.store.cancreatepullpayments',
        'btcpay.store.canmanagepayouts',
        'btcpay.store.canviewstoresettings',
      ].sort(),
    );
  });

  test('every permission, scoped to the store or unscoped: ok', async () => {
    expect(await check(scoped(REQUIRED_PERMISSIONS))).toEqual({ ok: true, missing: [] });
    expect(await check([...REQUIRED_PERMISSIONS])).toEqual({ ok: true, missing: [] });
    expect(await check(['unrestricted'])).toEqual({ ok: true, missing: [] });
    expect(t.double.requests.at(-1)).toMatchObject({ method: 'GET', path: '/api/v1/api-keys/current', status: 200 });
  });

  test('some missing: exactly those are listed', async () => {
    const held = REQUIRED_PERMISSIONS.filter((p) => p !== 'btcpay.store.canmanagepayouts' && p !== 'btcpay.store.canviewstoresettings');
    expect(await check(scoped(held))).toEqual({ ok: false, missing: ['btcpay.store.canmanagepayouts', 'btcpay.store.canviewstoresettings'] });
  });

  test('permissions scoped to another store do not count', async () => {
    expect(await check(scoped(REQUIRED_PERMISSIONS, 'AnotherStore'))).toEqual({ ok: false, missing: [...REQUIRED_PERMISSIONS] });
  });

  test('inherited: "modify your stores" covers all six; "modify invoices" covers viewing and creating them', async () => {
    expect(await check(scoped(['btcpay.store.canmodifystoresettings']))).toEqual({ ok: true, missing: [] });
    const viaInvoices = await check(scoped(['btcpay.store.canmodifyinvoices', 'btcpay.store.webhooks.canmodifywebhooks', 'btcpay.store.cancreatepullpayments', 'btcpay.store.canmanagepayouts', 'btcpay.store.canviewstoresettings']));
    expect(viaInvoices).toEqual({ ok: true, missing: [] });
  });

  test('"manage pull payments" covers creating them but not managing payouts (as the server enforces)', async () => {
    const held = scoped(['btcpay.store.canmodifyinvoices', 'btcpay.store.webhooks.canmodifywebhooks', 'btcpay.store.canmanagepullpayments', 'btcpay.store.canviewstoresettings']);
    expect(await check(held)).toEqual({ ok: false, missing: ['btcpay.store.canmanagepayouts'] });
  });

  test('a key BTCPay does not accept, or an unreachable server: not ok, with the reason and no key in it', async () => {
    const wrong = createBtcpayProvider({ url: t.double.url, apiKey: 'deadbeef-wrong-key', storeId: t.double.storeId, webhookSecret: WEBHOOK_SECRET });
    const refused = await wrong.checkKey();
    expect(refused).toMatchObject({ ok: false, missing: [] });
    expect(refused.error).toContain('not accepted');
    expect(refused.error).not.toContain('deadbeef-wrong-key');
    await t.double.setDown(true);
    const down = await t.provider.checkKey();
    expect(down.ok).toBe(false);
    expect(down.error).toContain('503');
    await t.double.setDown(false);
  });

  test('the start-up line: a server that does not answer is said to be that, not a key short of permissions', async () => {
    const closed = createBtcpayProvider({ url: 'http://127.0.0.1:9', apiKey: 'deadbeef-key', storeId: t.double.storeId, webhookSecret: WEBHOOK_SECRET });
    const line = keyCheckLine(await closed.checkKey(), 'http://127.0.0.1:9')!;
    expect(line.msg).toStartWith('BTCPay could not be checked at start-up');
    expect(line.fields).toMatchObject({ url: 'http://127.0.0.1:9' });
    expect(String(line.fields.error)).toContain('could not be reached');
    expect(JSON.stringify(line)).not.toContain('deadbeef-key');
    const short = keyCheckLine(await check(scoped(['btcpay.store.canviewinvoices'])), t.double.url)!;
    expect(short.msg).toStartWith('BTCPay API key is missing permissions');
    expect((short.fields.missing as string[]).length).toBe(REQUIRED_PERMISSIONS.length - 1);
    expect(keyCheckLine(await check(['unrestricted']), t.double.url)).toBeNull();
  });
});
