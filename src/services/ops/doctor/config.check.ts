import { ConfigError, loadConfig, type Config } from '../../../config';
import { type CheckResult, failed, result } from './check';

/**
 * The environment as start-up reads it, and the settings a production site must not leave at their defaults
 * (they start, but would lose mail or cookies' protection).
 */
export function checkConfig(env: Record<string, string | undefined>): { config: Config | null; result: CheckResult } {
  const name = 'configuration';
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    const lines = e.issues;
    return { config: null, result: failed(name, lines.map((l) => ({ problem: `${l}.`, fix: `Set ${l.split(':')[0]} correctly in the site's environment (README, Configuration), then run doctor again.` }))) };
  }
  const problems = [];
  if (config.isProduction) {
    if (!config.publicUrl.startsWith('https://'))
      problems.push({ problem: `PUBLIC_URL is ${config.publicUrl}: players' cookies would travel without TLS and links in e-mails would be wrong.`, fix: 'Set PUBLIC_URL to the https:// address players use (the proxy in deploy/ terminates TLS).' });
    if (!config.SMTP_URL)
      problems.push({ problem: 'SMTP_URL is not set: verification and password-reset mails would be written to disk, where no player reads them.', fix: 'Set SMTP_URL=smtps://user:password@mail.example.com:465 for your mail provider.' });
    if (!config.BTCPAY_URL)
      problems.push({ problem: 'BTCPay Server is not configured: deposits and withdrawals have no payment provider in production.', fix: 'Set BTCPAY_URL, BTCPAY_API_KEY, BTCPAY_STORE_ID and BTCPAY_WEBHOOK_SECRET (README, BTCPay Server).' });
  }
  const detail = `${config.NODE_ENV}, ${config.publicUrl}`;
  return { config, result: result(name, problems, detail) };
}
