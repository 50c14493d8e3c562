import addressparser from 'nodemailer/lib/addressparser';
import { encodeWords, foldLines, isPlainText, quoteString } from 'nodemailer/lib/mime-funcs';
import type { MailMessage } from './mail.port';

/** A message ready for SMTP: the envelope and the whole RFC 5322 text. */
export type ComposedMail = { envelope: { from: string; to: string[] }; raw: string };

type Sender = { name: string; address: string };

/** MAIL_FROM ("Coinreel <no-reply@host>" or a bare address) as its display name and address. */
export function parseSender(from: string): Sender {
  const first = addressparser(from, { flatten: true })[0];
  if (!first?.address) throw new Error(`MAIL_FROM has no address: ${from}`);
  return { name: first.name ?? '', address: first.address };
}

/**
 * One message as multipart/alternative, text then HTML, both UTF-8 in base64 (line-safe whatever the template
 * holds), so the SMTP transport sends it as is. nodemailer's composer built the same message through streams and
 * quoted-printable in JavaScript, more than half the CPU of sending a mail (docs/decisions/mail-queue.md).
 * Header values are single lines: a line break in a subject or address cannot start a header of its own.
 */
export function composeMail(sender: Sender, m: MailMessage, o: { date: Date; messageId: string; boundary: string }): ComposedMail {
  const to = oneLine(m.to);
  const headers = [
    header('From', sender.name ? `${displayName(sender.name)} <${sender.address}>` : sender.address),
    header('To', to),
    header('Subject', encodeWords(oneLine(m.subject), 'B', 52)),
    header('Date', o.date.toUTCString().replace(/GMT$/, '+0000')),
    header('Message-ID', oneLine(o.messageId)),
    'MIME-Version: 1.0',
    header('Content-Type', `multipart/alternative; boundary="${o.boundary}"`),
  ];
  const raw = [
    ...headers,
    '',
    part(o.boundary, 'text/plain', m.text),
    part(o.boundary, 'text/html', m.html),
    `--${o.boundary}--`,
    '',
  ].join('\r\n');
  return { envelope: { from: sender.address, to: [to] }, raw };
}

/** A boundary no base64 line can contain (base64 has no "_" or "-"). */
export const newBoundary = () => `--_coinreel_${crypto.randomUUID().replaceAll('-', '')}`;

const oneLine = (v: string) => v.replace(/[\r\n]+/g, ' ');

// Folded at 76 characters before a space, as RFC 5322 asks of long header lines (the space starts the next line).
const header = (name: string, value: string) => foldLines(`${name}: ${value}`, 76, false);

// Plain ASCII goes bare when it is one atom-ish phrase, quoted when it holds specials, encoded when it is not ASCII.
function displayName(name: string): string {
  const clean = oneLine(name);
  if (!isPlainText(clean)) return encodeWords(clean, 'B', 52, true);
  return /^[\w !#$%&'*+\-/=?^`{|}~]+$/.test(clean) ? clean : quoteString(clean);
}

function part(boundary: string, type: string, body: string): string {
  const encoded = Buffer.from(body, 'utf8').toString('base64').replace(/.{76}(?=.)/g, '$&\r\n');
  return [`--${boundary}`, `Content-Type: ${type}; charset=utf-8`, 'Content-Transfer-Encoding: base64', '', encoded].join('\r\n');
}
