import { z } from 'zod';
import { parseCidrList } from './http/cidr';
import { isLoopbackAddress, type SandboxAccess } from './http/loopback';
import { WITHDRAWAL_TIME_DEFAULT } from './shared/withdrawal-time';
import { isUsState, parseStateList } from './services/identity/us-states';
import { parseSender } from './services/mail/mime';
import { AML_DEFAULTS, AML_RULES } from './services/compliance/settings';

/** A refinement that holds when `parse` takes the value without throwing. */
const parses = (parse: (v: string) => unknown) => (v: string) => {
  try {
    parse(v);
    return true;
  } catch {
    return false;
  }
};
// Mail is composed from MAIL_FROM's address (services/mail/mime.ts): a value without one stops the start here.
const hasSender = parses(parseSender);
const cidrList = parses(parseCidrList);

export const DEFAULT_DATABASE_URL = 'file:data/coinreel.db';
export const DEFAULT_BACKUP_DIR = 'backups';

// Every setting the process reads, parsed once. A bad value stops start-up with one line naming the variable.
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Unset: 127.0.0.1 outside production (the sandbox's controls must not face a network), every interface in production.
  HOST: z.string().min(1).optional(),
  // `on`: a public demo, where anyone may use the sandbox's controls and every page says it is not real money.
  SANDBOX_CONTROLS: z.enum(['on', 'off']).default('off'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().min(1).default(DEFAULT_DATABASE_URL),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  DATA_DIR: z.string().min(1).default('data'),
  // Where `coinreel backup` writes (the timer's folder): the newest file's time is the last-backup metric.
  BACKUP_DIR: z.string().min(1).default(DEFAULT_BACKUP_DIR),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  CREDENTIAL_KEY: z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters').optional(),
  // Checked whole here (a bad port, a space): the mailer would otherwise fail at start with the URL, password and all.
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').refine((v) => URL.canParse(v), 'is not a valid URL; write it as smtp://user:password@mail.example.com:587 (a password with @, : or / percent-encoded)').optional(),
  MAIL_FROM: z.string().min(3).default('Coinreel <no-reply@coinreel.local>').refine(hasSender, 'must be an address, e.g. Coinreel <no-reply@example.com>'),
  BTCPAY_URL: z.url().optional(),
  BTCPAY_API_KEY: z.string().optional(),
  BTCPAY_STORE_ID: z.string().optional(),
  BTCPAY_WEBHOOK_SECRET: z.string().optional(),
  // `on`: production may run on the sandbox's payments (a demo nobody pays into); the console and deposit page say it.
  PAYMENTS_SANDBOX_IN_PRODUCTION: z.enum(['on', 'off']).default('off'),
  SANDBOX_BTC_USD: z.coerce.number().positive().default(50000),
  DEPOSIT_MIN_DOLLARS: z.coerce.number().positive().default(1),
  // Amounts stay far inside what cents can count exactly (src/shared/money.ts).
  DEPOSIT_MAX_DOLLARS: z.coerce.number().positive().max(1_000_000_000).default(10000),
  DEPOSITS_WAITING_MAX: z.coerce.number().int().min(1).max(1_000_000).default(10),
  OPERATOR_TWO_STEP: z.enum(['required', 'optional']).optional(),
  RECONCILE_INTERVAL_S: z.coerce.number().int().min(5).max(86400).default(120),
  // How long the background-jobs lease lasts unrenewed: another instance takes over within it after the holder dies.
  JOB_LEASE_S: z.coerce.number().int().min(1).max(600).default(15),
  WITHDRAWAL_AUTO_APPROVE_DOLLARS: z.coerce.number().min(0).default(0),
  // What the screens say about withdrawals an operator reviews: the operator's own words, never a time they did not choose.
  WITHDRAWAL_TIME_TEXT: z.string().trim().min(1).max(300).default(WITHDRAWAL_TIME_DEFAULT),
  WITHDRAWAL_DAILY_MAX_DOLLARS: z.coerce.number().positive().default(5000),
  WITHDRAWAL_MAX_OPEN: z.coerce.number().int().min(1).max(100).default(3),
  WITHDRAWAL_RETRY_MINUTES: z.coerce.number().int().min(1).max(10080).default(60),
  SANDBOX_PAYOUT_DELAY_S: z.coerce.number().min(0).max(86400).default(10),
  BITCOIN_NETWORK: z.enum(['mainnet', 'testnet', 'regtest']).default('regtest'),
  GAME_PROVIDER: z.enum(['sandbox', 'manual']).default('sandbox'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://').optional(),
  SITE_NAME: z.string().min(1).default('Coinreel'),
  SUPPORT_EMAIL: z.email().default('support@coinreel.local'),
  // No default: a link to a channel the operator does not run would send players to strangers.
  COMMUNITY_URL: z.url().optional(),
  ULTRA_PANDA_URL: z.url().default('https://www.ultrapanda.mobi'),
  VBLINK_URL: z.url().default('https://www.vblink777.club'),
  // Unset: `live` in production (never invented cash-outs there), `demo` elsewhere.
  TICKER_MODE: z.enum(['demo', 'live', 'off']).optional(),
  // One HTTP header name (an RFC 9110 token): "x real ip" would never match a header, and every player would share
  // the proxy's address and its rate limits.
  TRUSTED_PROXY_HEADER: z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'must be one HTTP header name, such as x-real-ip (letters, digits and dashes; no spaces)').optional(),
  // New Idempotency-Key values a player may store in 24 hours: each is kept for good (docs/decisions/idempotency-keys.md).
  IDEMPOTENCY_KEYS_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  MAX_AMOUNT_DOLLARS: z.coerce.number().positive().max(1_000_000_000).default(100000),
  LOG_LEVEL: z.enum(['silent', 'info']).default('info'),
  METRICS_ALLOW: z.string().default('127.0.0.0/8, ::1').refine(cidrList, 'must be a comma-separated list of addresses or address/prefix ranges, e.g. 127.0.0.1/32, 10.0.0.0/8, ::1'),
  SHUTDOWN_TIMEOUT_S: z.coerce.number().int().min(1).max(600).default(30),
  // Identity before cash-out (docs/decisions/identity.md).
  IDENTITY_REQUIRED_FOR: z.string().default('withdrawal').refine((v) => v === 'withdrawal' || v === 'none' || /^\d+(\.\d{1,2})?$/.test(v), 'must be withdrawal, none, or a dollar amount such as 2000'),
  TAX_DETAILS_THRESHOLD_DOLLARS: z.coerce.number().positive().default(600),
  RESTRICTED_STATES: z.string().default('').refine((v) => parseStateList(v).every(isUsState), 'must be a comma-separated list of US state codes, e.g. WA, ID'),
  DOCUMENT_KEY: z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters').optional(),
  // Identity uploads this instance reads at once; past it an upload is turned away with 503 and Retry-After.
  IDENTITY_UPLOADS_AT_ONCE: z.coerce.number().int().min(1).max(1000).default(4),
  DOCUMENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().optional(),
  ONFIDO_API_TOKEN: z.string().optional(),
  ONFIDO_WEBHOOK_TOKEN: z.string().optional(),
  ONFIDO_API_URL: z.url().default('https://api.onfido.com'),
  // Proof of liabilities (docs/solvency.md): a snapshot every day at 00:00 UTC, every Monday, or only by hand.
  SOLVENCY_SNAPSHOT: z.enum(['daily', 'weekly', 'off']).default('daily'),
  // The money-laundering watch (docs/decisions/compliance-watch.md): every rule on by default, `off` turns one off.
  ...amlSchema(),
});

/** One string setting per rule, checked by the rule's own reader (services/compliance/settings.ts). */
function amlSchema() {
  const entries = Object.entries(AML_DEFAULTS).map(([name, fallback]) => {
    const rule = AML_RULES[name as keyof typeof AML_DEFAULTS];
    return [name, z.string().default(fallback).superRefine((v, c) => {
      const problem = rule(v);
      if (problem) c.addIssue({ code: 'custom', message: problem });
    })];
  });
  return Object.fromEntries(entries) as { [K in keyof typeof AML_DEFAULTS]: z.ZodDefault<z.ZodString> };
}

export type Config = Omit<z.infer<typeof schema>, 'TICKER_MODE'> & { TICKER_MODE: 'demo' | 'live' | 'off'; isProduction: boolean; secureCookies: boolean; publicUrl: string;
  /** The console needs the operator's two-step verification (OPERATOR_TWO_STEP; production's default). */
  operatorTwoStep: boolean;
  /** The address to listen on (undefined: every interface). */
  listenHost: string | undefined;
  /** Who may use the dev mailbox, Simulate payment and a sandbox payout's Complete / Cancel. */
  sandboxControls: SandboxAccess };

/** `issues`: each 'VARIABLE: what is wrong', for tools that list them (doctor); the message is the one line. */
export class ConfigError extends Error {
  constructor(message: string, readonly issues: string[] = []) {
    super(message);
  }
}

const REQUIRED_IN_PRODUCTION = ['JWT_SECRET', 'CREDENTIAL_KEY', 'SMTP_URL', 'DOCUMENT_KEY'];

/** BTCPay Server is used only with all four of its variables; anything less runs on the sandbox in our own tables. */
export const btcpayConfigured = (c: Pick<Config, 'BTCPAY_URL' | 'BTCPAY_API_KEY' | 'BTCPAY_STORE_ID' | 'BTCPAY_WEBHOOK_SECRET'>): boolean =>
  !!(c.BTCPAY_URL && c.BTCPAY_API_KEY && c.BTCPAY_STORE_ID && c.BTCPAY_WEBHOOK_SECRET);

/**
 * Production runs on the sandbox's payments only when the operator said so (PAYMENTS_SANDBOX_IN_PRODUCTION=on, a
 * demo); start-up refuses otherwise. Said so, it still starts with this warning, and the console and the deposit
 * page say that deposits here are not real.
 */
export function sandboxPaymentsWarning(c: Parameters<typeof btcpayConfigured>[0] & Pick<Config, 'isProduction'>): string | null {
  if (!c.isProduction || btcpayConfigured(c)) return null;
  return 'BTCPay Server is not configured and PAYMENTS_SANDBOX_IN_PRODUCTION=on: this site is a payments demo (deposit invoices are sandbox ones nobody can pay, and payouts are never sent)';
}

/** Production on the sandbox's payments, as the operator asked (the pages' "payments demo" notices). */
export const paymentsDemo = (c: Parameters<typeof btcpayConfigured>[0] & Pick<Config, 'isProduction'>): boolean => c.isProduction && !btcpayConfigured(c);

/**
 * Outside production, the sandbox on mainnet: its deposit addresses are valid mainnet ones nobody holds keys to, so
 * real coins sent there are lost. It runs (a developer may try the site's mainnet checks), and says so as the
 * production demo does: the deposit page's notice, its QR codes stamped, the console, a line at start-up
 * (docs/decisions/sandbox-controls.md).
 */
export const sandboxOnMainnet = (c: Parameters<typeof btcpayConfigured>[0] & Pick<Config, 'isProduction' | 'BITCOIN_NETWORK'>): boolean =>
  !c.isProduction && !btcpayConfigured(c) && c.BITCOIN_NETWORK === 'mainnet';

/** The start-up line for the sandbox on mainnet; null otherwise. */
export function sandboxMainnetWarning(c: Parameters<typeof sandboxOnMainnet>[0]): string | null {
  if (!sandboxOnMainnet(c)) return null;
  return 'BITCOIN_NETWORK=mainnet without BTCPay Server: the sandbox hands out real mainnet addresses that nobody holds the keys to, so Bitcoin sent to them is lost. The deposit page tells players not to send any. Set BTCPAY_URL, BTCPAY_API_KEY, BTCPAY_STORE_ID and BTCPAY_WEBHOOK_SECRET to take payments, or BITCOIN_NETWORK=regtest to develop';
}

const BTCPAY_VARS = ['BTCPAY_URL', 'BTCPAY_API_KEY', 'BTCPAY_STORE_ID', 'BTCPAY_WEBHOOK_SECRET'] as const;

/** What is wrong with the BTCPay settings: a partial set (naming every one missing), or none in production unasked. */
function btcpayProblems(c: z.infer<typeof schema>): string[] {
  const missing = BTCPAY_VARS.filter((k) => !c[k]);
  if (missing.length && missing.length < BTCPAY_VARS.length)
    return [`${missing.join(', ')}: missing (BTCPay Server needs all four; ${BTCPAY_VARS.filter((k) => c[k]).join(', ')} ${missing.length === 3 ? 'is' : 'are'} set). Set ${missing.length > 1 ? 'them' : 'it'} (coinreel btcpay setup prints BTCPAY_WEBHOOK_SECRET), or unset all four for the sandbox`];
  if (missing.length && c.NODE_ENV === 'production' && c.PAYMENTS_SANDBOX_IN_PRODUCTION !== 'on')
    return ['BTCPAY_URL, BTCPAY_API_KEY, BTCPAY_STORE_ID and BTCPAY_WEBHOOK_SECRET: required in production (without them deposit invoices are sandbox ones nobody can pay). Set all four (README, BTCPay Server), or PAYMENTS_SANDBOX_IN_PRODUCTION=on for a demo'];
  return [];
}

/**
 * A warning, not a refusal: one key for both lets whoever learns it read the game passwords and the identity
 * documents, but an install already running that way has its documents sealed under it, and a new DOCUMENT_KEY
 * would leave them unreadable (this version cannot seal them again under another).
 */
export function sharedKeyWarning(c: Pick<Config, 'DOCUMENT_KEY' | 'CREDENTIAL_KEY'>): string | null {
  if (!c.DOCUMENT_KEY || !c.CREDENTIAL_KEY || c.DOCUMENT_KEY.toLowerCase() !== c.CREDENTIAL_KEY.toLowerCase()) return null;
  return 'DOCUMENT_KEY is the same as CREDENTIAL_KEY: whoever learns one can read both the game passwords and the identity documents. A new install should give DOCUMENT_KEY its own value; on a running one, changing it leaves the identity documents and tax numbers already stored unreadable';
}

/** One line: what is wrong with which variable, and the fix. */
const invalid = (what: string, issues = [what.split('. ')[0]!]) => new ConfigError(`Invalid configuration: ${what}.`, issues);

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as unset so `FOO=` in a shell does not fail validation.
  // A value wrapped in one pair of matching quotes is unwrapped: systemd and a shell remove them from the env file
  // (deploy/coinreel.env.example), but `docker run --env-file` passes them through.
  const unquoted = (v: string) => (v.length >= 2 && (v[0] === '"' || v[0] === "'") && v.at(-1) === v[0] ? v.slice(1, -1) : v);
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, unquoted(v!)]).filter(([, v]) => v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    // A number that is not one names what was given (numbers are never secrets) rather than zod's "received NaN".
    const said = (i: (typeof parsed.error.issues)[number]) =>
      i.code === 'invalid_type' && i.expected === 'number' ? `expected a number, got "${cleaned[String(i.path[0])]}"` : i.message;
    const named = parsed.error.issues.map((i) => `${i.path.join('.')}: ${said(i)}`);
    const names = [...new Set(parsed.error.issues.map((i) => String(i.path[0])))];
    // Unsetting is no fix for what production requires.
    const required = cleaned.NODE_ENV === 'production' && names.some((n) => REQUIRED_IN_PRODUCTION.includes(n));
    const fix = `Fix ${names.length > 1 ? 'these variables' : names[0]}`;
    throw invalid(`${named.join('; ')}. ${required ? fix : `${fix} or unset ${names.length > 1 ? 'them' : 'it'} for the default`}`, named);
  }
  const c = parsed.data;
  // Every missing one at once, so a first production start is not a round of fix-one-restart-see-the-next.
  const required = c.NODE_ENV !== 'production' ? [] : [
    !c.JWT_SECRET && 'JWT_SECRET: required in production. Set it to a random string of at least 32 characters',
    !c.CREDENTIAL_KEY && 'CREDENTIAL_KEY: required in production. Set it to 64 hex characters (e.g. openssl rand -hex 32) and keep it safe',
    // The outbox writes mail to this machine's disk, where no player and no other instance can reach it.
    !c.SMTP_URL && 'SMTP_URL: required in production (the mail outbox in DATA_DIR is for development only). Set it to your smtp:// or smtps:// server',
    !c.DOCUMENT_KEY && 'DOCUMENT_KEY: required in production. Set it to 64 hex characters (e.g. openssl rand -hex 32), different from CREDENTIAL_KEY, and keep it safe',
  ].filter((x): x is string => !!x);
  // Every problem of this kind in the first round: a missing secret and a partial BTCPay setting are said together.
  const s3 = [c.S3_BUCKET, c.S3_ACCESS_KEY_ID, c.S3_SECRET_ACCESS_KEY];
  const problems = [
    ...required,
    ...btcpayProblems(c),
    ...(s3.some(Boolean) && !s3.every(Boolean) ? ['S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set all three to keep identity documents in a bucket, or none for DATA_DIR/documents'] : []),
    ...(Boolean(c.ONFIDO_API_TOKEN) !== Boolean(c.ONFIDO_WEBHOOK_TOKEN) ? ['ONFIDO_API_TOKEN and ONFIDO_WEBHOOK_TOKEN: set both to use Onfido, or neither for operator review'] : []),
  ];
  if (problems.length) throw invalid(problems.join('; '), problems.map((r) => r.split('. ')[0]!));
  if (c.DEPOSIT_MIN_DOLLARS > c.DEPOSIT_MAX_DOLLARS) throw invalid('DEPOSIT_MIN_DOLLARS: must not be more than DEPOSIT_MAX_DOLLARS. Lower it or raise DEPOSIT_MAX_DOLLARS');
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, '');
  const TICKER_MODE = c.TICKER_MODE ?? (c.NODE_ENV === 'production' ? 'live' : 'demo');
  if (c.NODE_ENV === 'production' && c.SANDBOX_CONTROLS === 'on') throw invalid('SANDBOX_CONTROLS: cannot be on in production (its controls would hand out credits). Unset it');
  const listenHost = c.HOST ?? (c.NODE_ENV === 'production' ? undefined : '127.0.0.1');
  const loopbackOnly = listenHost !== undefined && (listenHost === 'localhost' || isLoopbackAddress(listenHost));
  const sandboxControls: SandboxAccess = c.NODE_ENV === 'production' ? 'off' : c.SANDBOX_CONTROLS === 'on' ? 'everyone' : loopbackOnly ? 'loopback' : 'off';
  // An operator can move any player's money: in production the console needs their second factor unless told otherwise.
  const operatorTwoStep = (c.OPERATOR_TWO_STEP ?? (c.NODE_ENV === 'production' ? 'required' : 'optional')) === 'required';
  return { ...c, TICKER_MODE, isProduction: c.NODE_ENV === 'production', secureCookies: publicUrl.startsWith('https:'), publicUrl, listenHost, sandboxControls, operatorTwoStep };
}
