import nodemailer from 'nodemailer';
import type { Config } from '../../../config';
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
    // The error text can quote the server's greeting or our user name; the password is never in it, but stay brief.
    return failed(name, [auth
      ? { problem: `The SMTP server at ${where} refused the user name or password in SMTP_URL.`, fix: 'Put the right credentials in SMTP_URL (smtps://user:password@host:465; %-encode special characters).' }
      : { problem: `Could not talk to the SMTP server at ${where}: ${code ?? reason(e)}.`, fix: 'Check the host and port in SMTP_URL, smtp:// versus smtps://, and that this machine may reach it (firewall).' }]);
  } finally {
    transport.close();
  }
}
