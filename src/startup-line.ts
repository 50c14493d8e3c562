import type { Config } from './config';

/**
 * What the start-up line tells whoever started the site: where it is (PUBLIC_URL, or this machine and port), and
 * outside production, where the mail it sends can be read (the dev mailbox, while mail stays in the outbox).
 */
export function listeningFields(c: Pick<Config, 'PUBLIC_URL' | 'isProduction' | 'SMTP_URL'>, port: number): { url: string; mailbox?: string } {
  const url = c.PUBLIC_URL ? c.PUBLIC_URL.replace(/\/+$/, '') : `http://localhost:${port}`;
  return !c.isProduction && !c.SMTP_URL ? { url, mailbox: `${url}/dev/mailbox` } : { url };
}
