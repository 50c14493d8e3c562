import nodemailer from 'nodemailer';
import type { Mailer } from './mail.port';
import { composeMail, newBoundary, parseSender } from './mime';

/** Real delivery through nodemailer; `url` is SMTP_URL (smtp:// or smtps://, credentials inside). */
export function createSmtpMailer(url: string, from: string): Mailer & { close(): void } {
  // A pool of a few kept-open connections: a busy minute of transfers is hundreds of messages, and a new
  // connection and handshake for each would cost the site more than the messages themselves.
  const transport = nodemailer.createTransport(pooled(url));
  const sender = parseSender(from);
  const host = sender.address.split('@')[1] ?? 'coinreel.local';
  return {
    async send(m) {
      // Composed here, sent as is: nodemailer's own composer cost more than the SMTP exchange does (mime.ts).
      const messageId = m.messageId ?? `<${crypto.randomUUID()}@${host}>`;
      await transport.sendMail(composeMail(sender, m, { date: new Date(), messageId, boundary: newBoundary() }));
    },
    close: () => transport.close(),
  };
}

/** SMTP_URL with the pool turned on, unless the operator already said otherwise in its query. */
export function pooled(url: string): string {
  const u = new URL(url);
  if (!u.searchParams.has('pool')) u.searchParams.set('pool', 'true');
  return u.toString();
}
