import type { Config } from './config';

/**
 * What the start-up line tells whoever started the site: where players reach it (PUBLIC_URL, or this machine and
 * port), the address and port it listens on (several instances behind one PUBLIC_URL differ there), and outside
 * production, where the mail it sends can be read (the dev mailbox, while mail stays in the outbox).
 */
export function listeningFields(c: Pick<Config, 'PUBLIC_URL' | 'isProduction' | 'SMTP_URL' | 'listenHost'>, port: number): { url: string; listen: string; mailbox?: string } {
  const url = c.PUBLIC_URL ? c.PUBLIC_URL.replace(/\/+$/, '') : `http://localhost:${port}`;
  const host = c.listenHost ?? '0.0.0.0';
  const listen = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  return !c.isProduction && !c.SMTP_URL ? { url, listen, mailbox: `${url}/dev/mailbox` } : { url, listen };
}
