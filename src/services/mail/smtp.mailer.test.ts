import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { call, makeApp } from '../../../tests/helpers/app';
import { registration } from '../../../tests/helpers/accounts';
import { startSmtpDouble, type SmtpDouble } from '../../../tests/doubles/smtp';
import { createSmtpMailer } from './smtp.mailer';
import { noticeMail } from './templates';

let smtp: SmtpDouble;
beforeAll(async () => {
  smtp = await startSmtpDouble({ user: 'mailer', pass: 's3cret' });
});
afterAll(() => smtp.stop());

const site = { siteName: 'Coinreel', supportEmail: 'support@coinreel.local' };

describe('SMTP adapter against a real SMTP server', () => {
  test('delivers both parts from MAIL_FROM, authenticating with the credentials in SMTP_URL', async () => {
    const mailer = createSmtpMailer(smtp.url.replace('smtp://', 'smtp://mailer:s3cret@'), 'Coinreel <no-reply@coinreel.test>');
    await mailer.send(noticeMail(site, 'player@example.com', { subject: 'Credits received', heading: 'You received credits', paragraphs: ['Ünïcode & <b>markup</b> stay intact.'] }));
    mailer.close();
    const m = await smtp.next();
    expect(m.from).toBe('no-reply@coinreel.test');
    expect(m.to).toEqual(['player@example.com']);
    expect(m.subject).toBe('Credits received');
    expect(m.text).toContain('Ünïcode & <b>markup</b> stay intact.');
    expect(m.html).toContain('Ünïcode &amp; &lt;b&gt;markup&lt;/b&gt; stay intact.');
  });

  test('messages share a pool of kept-open connections instead of one connection each', async () => {
    const before = smtp.connections();
    const mailer = createSmtpMailer(smtp.url.replace('smtp://', 'smtp://mailer:s3cret@'), 'Coinreel <no-reply@coinreel.test>');
    await Promise.all(Array.from({ length: 20 }, (_, i) => mailer.send(noticeMail(site, `p${i}@example.com`, { subject: `n${i}`, heading: 'h', paragraphs: ['p'] }))));
    mailer.close();
    const got = new Set<string>();
    for (let i = 0; i < 20; i++) got.add((await smtp.next()).to[0]!);
    expect(got.size).toBe(20);
    expect(smtp.connections() - before).toBeLessThanOrEqual(5);
    expect(smtp.connections() - before).toBeGreaterThan(0);
  });

  test('wrong credentials make send() reject (the caller logs it)', async () => {
    const mailer = createSmtpMailer(smtp.url.replace('smtp://', 'smtp://mailer:wrong@'), 'Coinreel <no-reply@coinreel.test>');
    await expect(mailer.send(noticeMail(site, 'x@example.com', { subject: 's', heading: 'h', paragraphs: [] }))).rejects.toThrow();
    mailer.close();
  });

  test('with SMTP_URL set, registration mails through SMTP and the received link verifies the account', async () => {
    const app = await makeApp({ SMTP_URL: smtp.url.replace('smtp://', 'smtp://mailer:s3cret@'), MAIL_FROM: 'Coinreel <hello@coinreel.test>' });
    expect((await call(app, 'POST', '/api/v1/register', registration('smtp.player@example.com'))).status).toBe(201);
    const m = await smtp.next();
    expect(m.to).toEqual(['smtp.player@example.com']);
    expect(m.from).toBe('hello@coinreel.test');
    const link = /http:\/\/localhost:3000\/verify\/email\/([A-Za-z0-9_-]{43})/.exec(m.text);
    expect(link).not.toBeNull();
    expect(m.html).toContain(`href="${link![0]}"`);
    const before = await call(app, 'POST', '/api/v1/login', { email: 'smtp.player@example.com', password: 'Secret123!' });
    // Answered as a wrong password (it tells no one the account exists); a fresh link goes to the owner.
    expect(before.json.errorType).toBe('INVALID_CREDENTIALS');
    expect((await smtp.next()).to).toEqual(['smtp.player@example.com']);
    expect((await call(app, 'POST', '/api/v1/verify/email', { token: link![1] })).status).toBe(200);
    expect((await call(app, 'POST', '/api/v1/login', { email: 'smtp.player@example.com', password: 'Secret123!' })).status).toBe(200);
  });
});
