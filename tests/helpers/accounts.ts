import { mailboxOf } from '../../src/services/mail/mailbox';
import type { StoredMail } from '../../src/services/mail/mail.port';
import { call, type TestApp } from './app';

export const GOOD_PASSWORD = 'Secret123!';

export const registration = (email: string, extra: Record<string, unknown> = {}) => ({
  email, password: GOOD_PASSWORD, reference: 'friend', userType: 'USER', termsAccepted: true, ageConfirmed: true, ...extra,
});

/** Every message in the app's outbox, newest first, after sending what is queued (a test app starts no mail worker). */
export async function outbox(app: TestApp): Promise<StoredMail[]> {
  await app.deps.mailQueue.drain();
  const box = mailboxOf(app.deps.site);
  if (!box) throw new Error('this app has no outbox');
  return box.list(1000);
}

/** Mail is sent after the answer goes out, so tests wait for it (up to 3 s); each look sends what is queued. */
export async function waitForMail(app: TestApp, to: string, subject: RegExp = /./, after = 0): Promise<StoredMail> {
  const deadline = Date.now() + 3000;
  for (;;) {
    const found = (await outbox(app)).filter((m) => m.to === to && subject.test(m.subject));
    if (found.length > after) return found[0]!;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}`);
    await Bun.sleep(10);
  }
}

/** The token at the end of the first link in a message that starts with `${publicUrl}${path}/`. */
export function tokenIn(mail: { text: string }, path: string): string {
  const m = new RegExp(`https?://[^\\s/]+${path}/([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!m) throw new Error(`no ${path} link in mail`);
  return m[1]!;
}

/** Registers through the API and verifies through the mailed link; returns a bearer token from a login. */
export async function registeredPlayer(app: TestApp, email: string, password = GOOD_PASSWORD) {
  const r = await call(app, 'POST', '/api/v1/register', registration(email, { password }));
  if (r.status !== 201) throw new Error(`register ${r.status} ${r.text}`);
  const token = tokenIn(await waitForMail(app, email, /Verify/), '/verify/email');
  const v = await call(app, 'POST', '/api/v1/verify/email', { token });
  if (v.status !== 200) throw new Error(`verify ${v.status}`);
  const login = await call(app, 'POST', '/api/v1/login', { email, password, userType: 'USER' });
  if (login.status !== 200) throw new Error(`login ${login.status}`);
  return { token: login.json.token as string, user: login.json.user as { _id: string; playerId: number; email: string } };
}

/** Rows of one table for one user, straight from the database. */
export async function rows(app: TestApp, sql: string, args: (string | number)[] = []) {
  return (await app.deps.database.client.execute({ sql, args })).rows;
}

/** While `on`, any write to the app's mail queue fails, and with it the transaction it is part of. */
export const refuseMail = (app: TestApp, on: boolean) => app.deps.database.client.execute(on
  ? "CREATE TRIGGER refuse_mail BEFORE INSERT ON mail_queue BEGIN SELECT RAISE(ABORT, 'mail queue refused'); END"
  : 'DROP TRIGGER refuse_mail');
