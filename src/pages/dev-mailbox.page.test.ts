import { describe, expect, test } from 'bun:test';
import { call, LOOPBACK, makeApp, page } from '../../tests/helpers/app';
import { registration, tokenIn, waitForMail } from '../../tests/helpers/accounts';

describe('/dev/mailbox', () => {
  test('lists the outbox newest first with subject, recipient, time and clickable links', async () => {
    const app = await makeApp();
    const empty = await (await page(app, '/dev/mailbox', {}, LOOPBACK)).text();
    expect(empty).toContain('No messages yet');
    await call(app, 'POST', '/api/v1/register', registration('first@example.com'));
    await waitForMail(app, 'first@example.com');
    await call(app, 'POST', '/api/v1/register', registration('second@example.com'));
    const mail = await waitForMail(app, 'second@example.com');
    const res = await page(app, '/dev/mailbox', {}, LOOPBACK);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    const link = `http://localhost:3000/verify/email/${tokenIn(mail, '/verify/email')}`;
    expect(html).toContain(`<a href="${link}">${link}</a>`);
    expect(html).toContain('Verify your Coinreel account');
    expect(html).toMatch(/<time dateTime="[^"]+"/);
    expect(html.indexOf('second@example.com')).toBeLessThan(html.indexOf('first@example.com'));
  });

  test('does not exist in production', async () => {
    const app = await makeApp({ NODE_ENV: 'production', CREDENTIAL_KEY: 'c'.repeat(64) });
    const res = await page(app, '/dev/mailbox', {}, LOOPBACK);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
  });

  test('with SMTP configured it says mail is not kept', async () => {
    const app = await makeApp({ SMTP_URL: 'smtp://127.0.0.1:3349' });
    expect(await (await page(app, '/dev/mailbox', {}, LOOPBACK)).text()).toContain('nothing is kept here');
  });
});
