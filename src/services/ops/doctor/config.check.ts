import { ConfigError, loadConfig, sandboxPaymentsWarning, sharedKeyWarning, type Config } from '../../../config';
import { isAbsolute } from 'node:path';
import { embeddedPath } from '../database-file';
import { type CheckResult, failed, type Problem, result } from './check';

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
  const sharedKey = sharedKeyWarning(config);
  if (sharedKey) problems.push({ problem: `${sharedKey}.`, fix: 'On a new install, set DOCUMENT_KEY to its own value (openssl rand -hex 32) before any identity is submitted; on a running one, keep it until a version that seals documents again under a new key.' });
  if (config.isProduction) {
    if (!config.publicUrl.startsWith('https://'))
      problems.push({ problem: `PUBLIC_URL is ${config.publicUrl}: players' cookies would travel without TLS and links in e-mails would be wrong.`, fix: 'Set PUBLIC_URL to the https:// address players use (the proxy in deploy/ terminates TLS).' });
    if (!config.SMTP_URL)
      problems.push({ problem: 'SMTP_URL is not set: verification and password-reset mails would be written to disk, where no player reads them.', fix: 'Set SMTP_URL=smtps://user:password@mail.example.com:465 for your mail provider.' });
    const sandboxPayments = sandboxPaymentsWarning(config);
    if (sandboxPayments)
      problems.push({ problem: `${sandboxPayments}.`, fix: 'Set BTCPAY_URL, BTCPAY_API_KEY, BTCPAY_STORE_ID and BTCPAY_WEBHOOK_SECRET (README, BTCPay Server).' });
    problems.push(...productionPlaces(config));
  }
  const detail = `${config.NODE_ENV}, ${config.publicUrl}`;
  return { config, result: result(name, problems, detail) };
}

const isLoopback = (host: string) => /^(127\.\d+\.\d+\.\d+|::1|\[::1\]|localhost)$/i.test(host);

/** Where a production site keeps its data and listens, and what that means for the network and the rate limits. */
function productionPlaces(config: Config): Problem[] {
  const problems: Problem[] = [];
  if (config.GAME_PROVIDER === 'sandbox')
    problems.push({ problem: 'GAME_PROVIDER is sandbox (the default, a stand-in game vendor in our own tables): credits players move to Ultra Panda or VBlink would reach no real game account.', fix: 'Set GAME_PROVIDER=manual (each load, redeem and account waits as a task in the console\'s Game tasks).' });
  if (config.BITCOIN_NETWORK === 'regtest')
    problems.push({ problem: 'BITCOIN_NETWORK is regtest (the default, a local test chain): withdrawal addresses are checked against the wrong network.', fix: 'Set BITCOIN_NETWORK=mainnet (testnet only for a test store).' });
  if (!isAbsolute(config.DATA_DIR))
    problems.push({ problem: `DATA_DIR is ${config.DATA_DIR}, a relative path: the data goes wherever the process happens to start.`, fix: 'Set DATA_DIR to an absolute path, e.g. /var/lib/coinreel/data.' });
  const file = embeddedPath(config.DATABASE_URL);
  if (file && !isAbsolute(file))
    problems.push({ problem: `DATABASE_URL is ${config.DATABASE_URL}, a relative path: the database is opened wherever the process happens to start.`, fix: 'Set DATABASE_URL=file:/var/lib/coinreel/data/coinreel.db (an absolute path).' });
  const host = config.HOST?.trim();
  if (!config.TRUSTED_PROXY_HEADER) {
    if (host && isLoopback(host))
      problems.push({ problem: `HOST is ${host} (loopback, so a proxy on this machine forwards the players) but TRUSTED_PROXY_HEADER is not set: every visitor arrives from the proxy's address and shares one rate-limit bucket, so a few players lock out everyone.`, fix: 'Set TRUSTED_PROXY_HEADER=x-real-ip (deploy/Caddyfile and deploy/nginx.conf set that header).' });
    else
      problems.push({ problem: `The site listens on ${host ? host : 'every address (HOST is not set)'} without a proxy's header (TRUSTED_PROXY_HEADER is not set): players would reach it over plain HTTP, without the TLS that PUBLIC_URL promises.`, fix: 'Put Caddy or nginx in front (deploy/), set HOST=127.0.0.1 and TRUSTED_PROXY_HEADER=x-real-ip; with a load balancer on another machine, set TRUSTED_PROXY_HEADER to the header it sets.' });
  }
  return problems;
}
