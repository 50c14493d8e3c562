import { describe, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOutboxMailer } from './outbox.mailer';
import { emailChangeNoticeMail, noticeMail, passwordResetMail, verificationMail } from './templates';

const site = { siteName: 'Reelz', supportEmail: 'help@reelz.test' };

describe('outbox mailer', () => {
  test('writes each message as a private JSON file and lists them newest first', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'outbox-')), 'mail');
    const box = createOutboxMailer(dir);
    expect(await box.list()).toEqual([]);
    for (const n of [1, 2, 3]) await box.send(noticeMail(site, `p${n}@example.com`, { subject: `Message ${n}`, heading: 'h', paragraphs: [] }));
    const files = readdirSync(dir);
    expect(files).toHaveLength(3);
    expect(statSync(join(dir, files[0]!)).mode & 0o777).toBe(0o600);
    const listed = await box.list();
    expect(listed.map((m) => m.subject)).toEqual(['Message 3', 'Message 2', 'Message 1']);
    expect(listed[0]).toMatchObject({ to: 'p3@example.com' });
    expect(Date.parse(listed[0]!.sentAt)).toBeGreaterThan(0);
    expect((await box.list(2)).length).toBe(2);
  });
});

describe('mail templates', () => {
  test.each([
    ['verification', verificationMail(site, 'a@example.com', 'https://reelz.test/verify/email/TOKEN'), 'Verify Email', '24 hours'],
    ['password reset', passwordResetMail(site, 'a@example.com', 'https://reelz.test/reset-password/TOKEN'), 'Reset Password', '1 hour'],
  ])('%s: the site name, the link in both parts, and how long it lasts', (_, m, button, ttl) => {
    expect(m.subject).toContain('Reelz');
    expect(m.html).toContain('Reelz');
    expect(m.text).toContain('Reelz');
    expect(m.html).toContain(button);
    expect(m.text).toContain('https://reelz.test/');
    expect(m.html).toMatch(/href="https:\/\/reelz\.test\/[^"]+TOKEN"/);
    expect(m.text).toContain(ttl);
    expect(m.html).toContain('#f5c542');
  });

  test('values are escaped in the HTML part', () => {
    const m = emailChangeNoticeMail(site, 'old@example.com', '"><img src=x onerror=alert(1)>@x.co');
    expect(m.html).not.toContain('<img src=x');
    expect(m.html).toContain('&quot;&gt;&lt;img');
    expect(m.text).toContain('"><img src=x');
  });
});
