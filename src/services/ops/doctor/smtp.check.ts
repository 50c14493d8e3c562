import nodemailer from 'nodemailer';
import type { Config } from '../../../config';
import { redactMessage } from '../../../lib/redact';
import { type CheckResult, failed, ok, reason, skipped } from './check';

/** Connects to SMTP_URL and authenticates with its credentials (nodemailer's verify), sending nothing. */
export async function checkSmtp(config: Config, timeoutMs = 10_000): Promise<CheckResult> {
  const name = 'SMTP';
  if (!config.SMTP_URL) return skipped(name, `not configured: mail is written to ${config.DATA_DIR}/mail`);
  const url = new URL(config.SMTP_URL);
  const where = `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
  const transport = nodemailer.createTransport({ url: config.SMTP_URL, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs } as never);
  try {
    await transport.verify();
    return ok(name, `${where}${url.username ? ', signed in' : ''}`);
  } catch (e) {
    const code = (e as { code?: string }).code;
    const auth = code === 'EAUTH' || /auth|credential|username|password/i.test(reason(e));
    return failed(name, [auth
      ? { problem: `The SMTP server at ${where} refused the user name or password in SMTP_URL.`, fix: 'Put the right credentials in SMTP_URL (smtps://user:password@host:465; %-encode special characters).' }
      : { problem: `Could not talk to the SMTP server: ${connectionTrouble(e, where, url.hostname, timeoutMs)}.`, fix: 'Check the host and port in SMTP_URL, smtp:// versus smtps://, and that this machine may reach it (firewall).' }]);
  } finally {
    transport.close();
  }
}

/** What went wrong reaching the server, in words (nodemailer says only ESOCKET or ETIMEDOUT), never a credential. */
function connectionTrouble(e: unknown, where: string, host: string, timeoutMs: number): string {
  const code = (e as { code?: string }).code ?? '';
  const text = reason(e);
  if (/ECONNREFUSED/.test(text)) return `nothing answers at ${where}`;
  if (/ENOTFOUND|EAI_AGAIN|getaddrinfo/.test(text) || code === 'EDNS') return `the name ${host} does not resolve`;
  if (code === 'ETIMEDOUT' || /ETIMEDOUT|timeout/i.test(text)) return `no answer from ${where} within ${Math.round(timeoutMs / 1000)} s`;
  if (/wrong version number|certificate|SSL|TLS/i.test(text)) return `the TLS handshake with ${where} failed (${redactMessage(text, 120)}); smtps:// is for port 465, smtp:// for 587 and 25`;
  return `${where} answered ${code ? `${code}: ` : ''}${redactMessage(text, 160)}`;
}
