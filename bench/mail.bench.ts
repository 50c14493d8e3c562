// Mail: the CPU the site spends per e-mail, composing it and sending it over the pooled SMTP connection to a
// discarding SMTP server in another process, with the message composed by the product (src/services/mail/mime.ts)
// next to nodemailer's own composer, which it replaced. The mail is a P2P receiver's notice, the one the mail
// queue sends most. Run alone: bun bench/mail.bench.ts
import nodemailer from 'nodemailer';
import { renderQueued } from '../src/services/mail/queued-mails';
import { createSmtpMailer } from '../src/services/mail/smtp.mailer';
import { pct, section } from './lib/report';
import { mailsDelivered, smtpSinkUrl } from './lib/smtp-sink';
import type { Cell } from './lib/table';

const MAILS = 1000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const FROM = 'Coinreel <no-reply@coinreel.test>';

const url = await smtpSinkUrl();
const mail = renderQueued({ siteName: 'Coinreel', supportEmail: 'support@coinreel.test' }, 'https://coinreel.test')('p2p-received', 'receiver@example.com', { cents: 1234, name: 'Sender', playerId: 1234567, transferId: 't', lang: 'en' });
const product = createSmtpMailer(url, FROM);
const composer = nodemailer.createTransport(`${url}?pool=true`);
const ways: [string, (i: number) => Promise<unknown>][] = [
  ['composed by the product (mime.ts)', (i) => product.send({ ...mail, messageId: `<p${i}@coinreel.test>` })],
  ['composed by nodemailer (before)', (i) => composer.sendMail({ from: FROM, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, messageId: `<n${i}@coinreel.test>` })],
];

// One round: MAILS sent at once, as the queue sends a batch; the CPU of this process (the sink is another one).
async function round(send: (i: number) => Promise<unknown>): Promise<{ cpuUs: number; perSecond: number }> {
  const cpu = process.cpuUsage();
  const t = performance.now();
  await Promise.all(Array.from({ length: MAILS }, (_, i) => send(i)));
  const used = process.cpuUsage(cpu);
  return { cpuUs: (used.user + used.system) / MAILS, perSecond: MAILS / ((performance.now() - t) / 1000) };
}
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const before = await mailsDelivered();
for (const [, send] of ways) await round(send); // warm-up: connections opened, code compiled
const got = ways.map(() => ({ cpu: [] as number[], rate: [] as number[] }));
// Alternating rounds, so a noisy moment falls on both ways alike.
for (let r = 0; r < ROUNDS; r++) {
  for (const [i, [, send]] of ways.entries()) {
    const x = await round(send);
    got[i]!.cpu.push(x.cpuUs);
    got[i]!.rate.push(x.perSecond);
  }
}
const delivered = (await mailsDelivered()) - before;
product.close();
composer.close();
const base = median([...got[1]!.cpu]);
const rows: Cell[][] = ways.map(([label], i) => [label, `${median(got[i]!.cpu).toFixed(0)} µs`, pct(median(got[i]!.cpu) / base), Math.round(median(got[i]!.rate)), `${ROUNDS} × ${MAILS}`]);
section('Mail: CPU per e-mail composed and sent over the pooled SMTP connection (median of alternating rounds)',
  ['composed by', 'CPU per mail', 'of nodemailer\'s', 'mails/s', 'rounds'], rows,
  [`The P2P receiver's notice (text and HTML), ${MAILS} at once per round to a discarding SMTP server in another process; the CPU is the sending process's own. Every mail reached the server: ${delivered.toLocaleString('en-US')} of ${((ROUNDS + 1) * MAILS * ways.length).toLocaleString('en-US')}.`]);
if (delivered !== (ROUNDS + 1) * MAILS * ways.length) process.exit(1);
process.exit(0);
