import nodemailer from 'nodemailer';
import type { Mailer } from './mail.port';

/** Real delivery through nodemailer; `url` is SMTP_URL (smtp:// or smtps://, credentials inside). */
export function createSmtpMailer(url: string, from: string): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(url);
  return {
    async send(m) {
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });
    },
    close: () => transport.close(),
  };
}
