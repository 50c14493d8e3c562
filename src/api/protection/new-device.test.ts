import { beforeAll, describe, expect, test } from 'bun:test';
import { call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { outbox, registeredPlayer, waitForMail } from '../../../tests/helpers/accounts';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
let app: TestApp;
beforeAll(async () => {
  // Addresses come from the header a proxy would set, so each sign-in can come from where the test says.
  app = await makeApp({ TRUSTED_PROXY_HEADER: 'x-forwarded-for' });
});

/** A sign-in from `ip` with Chrome, sending `device` as the device cookie if given; the device cookie set back. */
async function signIn(email: string, ip: string, device?: string) {
  const headers: Record<string, string> = { 'user-agent': CHROME, 'x-forwarded-for': ip, ...(device && { cookie: `device=${device}` }) };
  const r = await call(app, 'POST', '/api/v1/login', { email, password: 'Secret123!', userType: 'USER' }, { headers });
  expect(r.status).toBe(200);
  return /^device=([^;]+)/.exec(r.headers.getSetCookie().find((c) => c.startsWith('device='))!)![1]!;
}
const newDeviceMails = async (to: string) => (await outbox(app)).filter((m) => m.to === to && /New sign-in/.test(m.subject)).length;
const settle = () => Bun.sleep(50);

describe('a sign-in from a device not seen before', () => {
  test('the same kind of browser elsewhere without this browser\'s device cookie is new; with it, it is known anywhere', async () => {
    const email = 'devices@example.com';
    const { token } = await registeredPlayer(app, email);
    await call(app, 'POST', '/api/v1/logout', undefined, { token });
    const mine = await signIn(email, '198.51.100.7');
    await waitForMail(app, email, /New sign-in/);
    expect(await newDeviceMails(email)).toBe(1);

    // Another Chrome on Windows, somewhere else, with no cookie of ours: a new device, mailed.
    const theirs = await signIn(email, '203.0.113.50');
    await waitForMail(app, email, /New sign-in/, 1);
    expect(theirs).not.toBe(mine);

    // This browser again, from a new address: its cookie says it is known.
    const again = await signIn(email, '192.0.2.99', mine);
    expect(again).toBe(mine);
    await settle();
    expect(await newDeviceMails(email)).toBe(2);
  });

  test('a cookie-less client from the same address with the same browser is known; a made-up cookie is not', async () => {
    const email = 'api-client@example.com';
    await registeredPlayer(app, email);
    const before = await newDeviceMails(email);
    await signIn(email, '198.51.100.8');
    const after = await newDeviceMails(email);
    await signIn(email, '198.51.100.8');
    await settle();
    expect(await newDeviceMails(email)).toBe(after);
    await signIn(email, '198.51.100.8', 'made-up-device-id-0123456789');
    await waitForMail(app, email, /New sign-in/, after);
    expect(after).toBe(before + 1);
  });
});
