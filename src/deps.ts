import { createHmac } from 'node:crypto';
import { createStorageFaults, type StorageFaults } from './lib/storage-faults';
import { join } from 'node:path';
import { btcpayConfigured, ConfigError, paymentsDemo, sandboxOnMainnet, type Config } from './config';
import { openDatabase, tuneEmbedded, type Database } from '../db/client';
import { migrate } from '../db/migrate';
import { loadAssets, type AssetStore } from './assets/store';
import { createLogger, type Logger } from './lib/logger';
import { createSiteMetrics, type SiteMetrics } from './lib/site-metrics';
import { createShutdownHooks, type ShutdownHooks } from './lib/shutdown-hooks';
import { countedLedger } from './services/ledger/counted-ledger';
import { persistedSecret } from './lib/secrets';
import type { SiteInfo } from './pages/page';
import { createTokenSigner, type TokenSigner } from './services/auth/tokens';
import { createStoreRateLimiter, enforce, type RateLimiter } from './http/rate-limit';
import { openRedis } from './lib/redis';
import type { SharedStore } from './services/store/store.port';
import { createMemoryStore } from './services/store/store.memory';
import { createRedisStore } from './services/store/store.redis';
import { createRedisHub } from './ws/hub.redis';
import { createRedisWatch, type RedisWatch } from './lib/redis-watch';
import { guardedStore } from './services/store/store.guarded';
import { migrationSafety } from './services/ops/migration-safety';
import { createJobRunner, type JobRunner } from './services/jobs/job-runner';
import { backgroundJobs } from './services/jobs/background-jobs';
import type { Mailer } from './services/mail/mail.port';
import { exposeMailbox } from './services/mail/mailbox';
import { createOutboxMailer } from './services/mail/outbox.mailer';
import { createSmtpMailer } from './services/mail/smtp.mailer';
import { createMailQueue, type MailQueue } from './services/mail/mail-queue';
import { renderQueued } from './services/mail/queued-mails';
import { createInProcessHub } from './ws/hub.in-process';
import type { Hub } from './ws/hub.port';
import { createLedger } from './services/ledger/ledger';
import { moneyMoving } from './services/ledger/group-commit';
import type { Ledger } from './services/ledger/ledger.types';
import { idempotencyPlugin } from './http/idempotency';
import { createCredentialCipher, type CredentialCipher } from './lib/credential-cipher';
import { createTwoStep, type TwoStep, type TwoStepEvent } from './services/auth/two-step';
import { createLoginProofs, type LoginProofs } from './services/auth/login-proof';
import { createMailProof } from './services/auth/two-step-mail-proof';
import type { GameProvider } from './services/games/game-provider.port';
import { createSandboxProvider as createSandboxGames } from './services/games/sandbox.provider';
import { createManualProvider } from './services/games/manual.provider';
import { defaultGames, seedGames } from './services/games/catalogue';
import { createGamesService, type GamesService } from './services/games/games.service';
import { pushBalance, pushNotification } from './api/wallet/push';
import type { PaymentsProvider } from './services/payments/payments.port';
import { createBtcpayProvider } from './services/payments/btcpay/btcpay.provider';
import { createSandboxProvider, type SandboxProvider } from './services/payments/sandbox/sandbox.provider';
import { createDepositService, type DepositService } from './services/payments/deposit-service';
import { depositPush } from './api/deposits/deposit-push';
import { withdrawalRequested } from './api/withdrawals/withdrawal-requested';
import { twoStepSecurityEvents } from './services/protection/two-step-events';
import { withdrawalPush } from './api/withdrawals/withdrawal-push';
import { createWithdrawalService, type WithdrawalService } from './services/payments/withdrawal-service';
import { autoApproveCents, withdrawalTiming } from './services/payments/withdrawal-timing';
import { withdrawalTimeText } from './shared/withdrawal-time';
import { createWithdrawalReview, type WithdrawalReviewService } from './services/withdrawal-review/withdrawal-review';
import { createSandboxSimulator, type SandboxSimulator } from './services/payments/sandbox/sandbox-simulator';
import { createIdentityService, parseRequirement, type IdentityService } from './services/identity/identity-service';
import { createDocumentCipher } from './services/identity/document-cipher';
import { createUploadGate } from './services/identity/upload-gate';
import { pickDocumentStore, pickIdentityCheck } from './services/identity/pick';
import { parseStateList } from './services/identity/us-states';
import { createSolvencyService, type SolvencyService } from './services/solvency/solvency-service';
import { createComplianceService, type ComplianceService } from './services/compliance/compliance-service';
import { amlSettings } from './services/compliance/settings';

/** Everything the app needs from outside, built once. The one place that picks concrete adapters. */
export type Deps = {
  config: Config;
  database: Database;
  logger: Logger;
  assets: AssetStore;
  signer: TokenSigner;
  site: SiteInfo;
  mailer: Mailer;
  /** Mail written with the event it tells of (P2P's receiver), sent by a worker on every instance; main.ts starts it. */
  mailQueue: MailQueue;
  /** The database's disk refusing writes, as requests meet it: one log line an incident, and readiness (lib/storage-faults.ts). */
  storageFaults: StorageFaults;
  /** State every instance must share (rate-limit windows): memory, or Redis with REDIS_URL. */
  store: SharedStore;
  rateLimiter: RateLimiter;
  hub: Hub;
  /** Whether Redis answers (REDIS_URL); null when there is none. /readyz reads it. */
  redis: RedisWatch | null;
  ledger: Ledger;
  idempotency: ReturnType<typeof idempotencyPlugin>;
  payments: PaymentsProvider;
  /** The sandbox provider when it is the one in use (it can be paid by hand outside production); else null. */
  sandbox: SandboxProvider | null;
  deposits: DepositService;
  withdrawals: WithdrawalService;
  /** A withdrawal checked without holding anything, for the page's review step; its signing key (derived). */
  withdrawalReview: WithdrawalReviewService;
  reviewKey: string;
  /** The sandbox's hand-made payments and payouts, outside production only; null otherwise. */
  simulator: SandboxSimulator | null;
  /** The app's own request handler, set by createApp: the sandbox delivers its webhooks through it. */
  self: { handle?: (req: Request) => Promise<Response> };
  /** Signs the one-time flash cookie of plain form posts; derived so it can never be used as a session key. */
  flashKey: string;
  /** Encrypts game passwords at rest (CREDENTIAL_KEY). */
  cipher: CredentialCipher;
  gameProvider: GameProvider;
  /** How long a game provider call may take before its outcome is looked up later instead. */
  gameTimeoutMs: number;
  games: GamesService;
  /** The figures of GET /metrics. */
  metrics: SiteMetrics;
  /** Hooks run on SIGTERM after requests finished and before the database closes (job lease release). */
  shutdown: ShutdownHooks;
  /** Two-step verification (TOTP) of players' accounts. */
  twoStep: TwoStep;
  /** Signs the short-lived proof that a sign-in's password was right, carried by its code step. */
  loginProofs: LoginProofs;
  /** The clock of two-step codes (tests move it instead of waiting). */
  now: () => number;
  /** Where two-step changes are reported for the player's security activity and e-mails. */
  securityEvent: (e: TwoStepEvent) => void;
  /** The background jobs, run by whichever instance holds their lease; main.ts starts them, shutdown releases them. */
  jobs: JobRunner;
  /** Identity before cash-out: submissions, tax details, the withdrawal and deposit checks (docs/decisions/identity.md). */
  identity: IdentityService;
  /** Proof of liabilities: snapshots, their files and notices, a player's nonce (docs/solvency.md). */
  solvency: SolvencyService;
  /** The money-laundering watch, its cases and the sanctions list (docs/decisions/compliance-watch.md). */
  compliance: ComplianceService;
};

export function siteInfo(c: Config): SiteInfo {
  return {
    siteName: c.SITE_NAME,
    supportEmail: c.SUPPORT_EMAIL,
    communityUrl: c.COMMUNITY_URL ?? null,
    gameLinks: { ultraPanda: c.ULTRA_PANDA_URL, vblink: c.VBLINK_URL },
    tickerMode: c.TICKER_MODE,
    devMailbox: !c.isProduction,
    sandboxPayments: !c.BTCPAY_URL && !c.isProduction,
    maxAmountCents: Math.round(c.MAX_AMOUNT_DOLLARS * 100),
    demoBanner: c.sandboxControls === 'everyone',
    paymentsDemo: paymentsDemo(c),
    sandboxMainnet: sandboxOnMainnet(c),
    bitcoinNetwork: c.BITCOIN_NETWORK,
    withdrawalTime: withdrawalTimeText(withdrawalTiming(c, !c.BTCPAY_URL && !c.isProduction)),
    withdrawalTiming: withdrawalTiming(c, !c.BTCPAY_URL && !c.isProduction),
    restrictedStates: parseStateList(c.RESTRICTED_STATES),
    solvencySchedule: c.SOLVENCY_SNAPSHOT,
  };
}

/** BTCPay Server when its four variables are set; otherwise the sandbox in our own tables. */
export function pickPayments(c: Config, client: Database['client']): { payments: PaymentsProvider; sandbox: SandboxProvider | null } {
  if (btcpayConfigured(c)) {
    const payments = createBtcpayProvider({ url: c.BTCPAY_URL!, apiKey: c.BTCPAY_API_KEY!, storeId: c.BTCPAY_STORE_ID!, webhookSecret: c.BTCPAY_WEBHOOK_SECRET! });
    return { payments, sandbox: null };
  }
  // In production nothing signs sandbox deliveries (no simulator), so no secret is generated onto this machine's disk.
  const webhookSecret = c.isProduction ? Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex') : persistedSecret(c.DATA_DIR, 'sandbox-webhook-secret', undefined);
  const sandbox = createSandboxProvider(client, { rateUsdPerBtc: c.SANDBOX_BTC_USD, webhookSecret, network: c.BITCOIN_NETWORK });
  return { payments: sandbox, sandbox };
}

/** SMTP when SMTP_URL is set; otherwise the outbox in DATA_DIR/mail that /dev/mailbox reads. */
export function pickMailer(c: Config): Mailer {
  return c.SMTP_URL ? createSmtpMailer(c.SMTP_URL, c.MAIL_FROM) : createOutboxMailer(join(c.DATA_DIR, 'mail'));
}

/** The game provider of GAME_PROVIDER: the sandbox vendor (default) or the operator's manual queue. */
export function pickGameProvider(c: Config, database: Database, cipher: CredentialCipher): GameProvider {
  return c.GAME_PROVIDER === 'manual' ? createManualProvider(database.client, cipher) : createSandboxGames(database.client);
}

/** Shared state and pushes: in this process by default; in Redis with REDIS_URL, so several instances act as one. */
export async function pickShared(c: Config, logger: Logger, overrides: Partial<Deps> = {}, metrics?: SiteMetrics): Promise<{ store: SharedStore; hub: Hub; redis: RedisWatch | null }> {
  if (!c.REDIS_URL || (overrides.store && overrides.hub)) return { store: overrides.store ?? createMemoryStore(), hub: overrides.hub ?? createInProcessHub(), redis: overrides.redis ?? null };
  const redis = await openRedis(c.REDIS_URL).catch((e: Error) => {
    throw new ConfigError(`Invalid configuration:\n  REDIS_URL: ${e.message}`);
  });
  // One watch for both: an outage is logged once and counted, whichever of them meets it first.
  const watch = createRedisWatch(redis.main, { logger, onChange: (up) => metrics?.setRedisUp(up) });
  const hub = overrides.hub ?? createRedisHub(redis.main, redis.subscriber, (what) => {
    if (what === 'bad push message') return logger.error('realtime push failed', { what });
    if (what === 'redis publish failed') metrics?.pushDropped();
    watch.failed();
  });
  const close = hub.close.bind(hub);
  hub.close = async () => {
    watch.close();
    await close();
  };
  return { store: overrides.store ?? guardedStore(createRedisStore(redis.main), watch), hub, redis: watch };
}

export async function buildDeps(config: Config, overrides: Partial<Deps> = {}): Promise<Deps> {
  const database = overrides.database ?? openDatabase(config.DATABASE_URL, config.DATABASE_AUTH_TOKEN);
  await tuneEmbedded(database.client, config.DATABASE_URL);
  const logger = overrides.logger ?? createLogger(config.LOG_LEVEL === 'silent');
  const metrics = overrides.metrics ?? createSiteMetrics();
  metrics.watchBackups(config.BACKUP_DIR);
  await migrate(database.client, migrationSafety(config, logger, metrics));
  const secret = persistedSecret(config.DATA_DIR, 'jwt-secret', config.JWT_SECRET);
  const mailer = overrides.mailer ?? pickMailer(config);
  const site = exposeMailbox(siteInfo(config), mailer);
  const { store, hub, redis } = await pickShared(config, logger, overrides, metrics);
  const ledger = overrides.ledger ?? countedLedger(createLedger(database.client), metrics.transfer);
  const now = overrides.now ?? Date.now;
  // Outside production a key is generated once and kept in DATA_DIR like CREDENTIAL_KEY; production must set it (config.ts).
  const identity = overrides.identity ?? createIdentityService({
    client: database.client, cipher: createDocumentCipher(persistedSecret(config.DATA_DIR, 'document-key', config.DOCUMENT_KEY)), store: pickDocumentStore(config),
    logger, notify: (userId, note) => pushNotification(hub, userId, note), now, requiredFor: parseRequirement(config.IDENTITY_REQUIRED_FOR),
    taxThresholdCents: Math.round(config.TAX_DETAILS_THRESHOLD_DOLLARS * 100), restrictedStates: parseStateList(config.RESTRICTED_STATES),
    retentionDays: config.DOCUMENT_RETENTION_DAYS, vendor: pickIdentityCheck(config), wakeMail: () => mailQueue.wake(),
    uploads: createUploadGate(config.IDENTITY_UPLOADS_AT_ONCE),
  });
  // The deposit and withdrawal notices are queued with their movements; after each commit the queue's worker is woken
  // (the queue itself is made below, once everything it needs is).
  const wakeMail = () => mailQueue.wake();
  const picked = overrides.payments ? { payments: overrides.payments, sandbox: overrides.sandbox ?? null } : pickPayments(config, database.client);
  const deposits = overrides.deposits ?? createDepositService({
    client: database.client, ledger, provider: picked.payments, logger, onReconciled: () => metrics.reconciled('deposits'), beforeCreate: identity.assertMayDeposit, waitingMax: config.DEPOSITS_WAITING_MAX,
    onChanges: depositPush({ hub, ledger, wakeMail }),
  });
  const self: Deps['self'] = {};
  const simulator = picked.sandbox && !config.isProduction
    ? createSandboxSimulator(picked.sandbox, (req) => self.handle!(req), `${config.publicUrl}/api/v1/webhooks/btcpay`)
    : null;
  // The screens' words follow the approval the withdrawal service really applies.
  site.withdrawalTime = withdrawalTimeText(withdrawalTiming(config, !!simulator));
  site.withdrawalTiming = withdrawalTiming(config, !!simulator);
  // A cleared case or a lifted freeze sends on the withdrawals it held (the withdrawal service, made next).
  const compliance: ComplianceService = overrides.compliance ?? createComplianceService({
    client: database.client, settings: amlSettings(config), production: config.isProduction, busy: () => moneyMoving(database.client),
    release: (userId: string): Promise<void> => withdrawals.releaseHeld(userId),
  });
  const withdrawals: WithdrawalService = overrides.withdrawals ?? createWithdrawalService({
    client: database.client, ledger, provider: picked.payments, logger, network: config.BITCOIN_NETWORK,
    limits: { dailyMaxCents: Math.round(config.WITHDRAWAL_DAILY_MAX_DOLLARS * 100), maxOpen: config.WITHDRAWAL_MAX_OPEN,
      autoApproveCents: autoApproveCents(config, !!simulator) },
    retryMs: config.WITHDRAWAL_RETRY_MINUTES * 60_000, onReconciled: () => metrics.reconciled('withdrawals'), checkIdentity: identity.assertMayWithdraw,
    screen: compliance.screen,
    onChanges: withdrawalPush({ hub, ledger, wakeMail }),
    onRequested: withdrawalRequested({ client: database.client, logger, hub, ledger, wakeMail }),
    // Sandbox payouts complete by themselves after SANDBOX_PAYOUT_DELAY_S, through the same webhook as BTCPay's.
    autoComplete: simulator ? (payoutId) => simulator.completeLater(payoutId, config.SANDBOX_PAYOUT_DELAY_S * 1000) : undefined,
  });
  const withdrawalReview = createWithdrawalReview({
    client: database.client, ledger, network: config.BITCOIN_NETWORK, rate: () => withdrawals.rate(), checkIdentity: identity.assertMayWithdraw, now,
    limits: { dailyMaxCents: Math.round(config.WITHDRAWAL_DAILY_MAX_DOLLARS * 100), maxOpen: config.WITHDRAWAL_MAX_OPEN },
  });
  // The timers of payouts approved before a stop or a crash went with the process: set again from the records.
  if (simulator) await simulator.resumePayouts(config.SANDBOX_PAYOUT_DELAY_S * 1000);
  // Outside production a key is generated once and kept beside the JWT secret; production must set it (config.ts).
  const cipher = overrides.cipher ?? createCredentialCipher(persistedSecret(config.DATA_DIR, 'credential-key', config.CREDENTIAL_KEY));
  const gameProvider = overrides.gameProvider ?? pickGameProvider(config, database, cipher);
  const gameTimeoutMs = overrides.gameTimeoutMs ?? 10_000;
  site.sandboxGames = !config.isProduction && gameProvider.name === 'sandbox';
  await seedGames(database.client, defaultGames(site.gameLinks));
  const games = overrides.games ?? createGamesService({ client: database.client, ledger, provider: gameProvider, cipher, timeoutMs: gameTimeoutMs, now: Date.now }, (userId, note, walletChanged) => {
    // After commit, whoever settled it (the request, a later look-up, the operator): the player's pages hear of it.
    if (walletChanged) void pushBalance(ledger, hub, userId).catch(() => logger.error('balance push failed'));
    if (note) pushNotification(hub, userId, note);
  });
  const rateLimiter = overrides.rateLimiter ?? createStoreRateLimiter(store);
  // Security events (TOTP_ENABLED, TOTP_DISABLED, …) and their e-mails: the security-activity module plugs in here.
  const securityEvent = overrides.securityEvent ?? twoStepSecurityEvents({ client: database.client, logger, wakeMail });
  // An operator's two-step waits for a link mailed to the account's address (OPERATOR_TWO_STEP=required).
  const mailProof = createMailProof({ client: database.client, cipher, required: config.operatorTwoStep, wakeMail });
  const twoStep = createTwoStep({ client: database.client, cipher, countAttempt: (id) => enforce(rateLimiter, 'totpPerUser', id), issuer: site.siteName, now, securityEvent, endSessions: (e) => hub.endSessions(e), mailProof });
  const loginProofs = createLoginProofs(createHmac('sha256', secret).update('coinreel login proof').digest('hex'), now);
  const solvency = overrides.solvency ?? createSolvencyService(
    { client: database.client, url: config.DATABASE_URL, authToken: config.DATABASE_AUTH_TOKEN, payments: picked.payments, logger, now },
    config.SOLVENCY_SNAPSHOT,
  );
  const jobs = overrides.jobs ?? createJobRunner({
    client: database.client, logger, leaseMs: config.JOB_LEASE_S * 1000, onLease: (holding) => metrics.setLeaseHolder('jobs', holding),
    jobs: backgroundJobs({ client: database.client, deposits, withdrawals, games, reconcileMs: config.RECONCILE_INTERVAL_S * 1000, documents: identity, watch: compliance,
      more: [solvency.job(logger)] }),
  });
  const mailQueue = overrides.mailQueue ?? createMailQueue({
    client: database.client, mailer, logger, render: renderQueued(site, config.publicUrl, cipher), host: new URL(config.publicUrl).hostname || 'coinreel.local',
    busy: () => moneyMoving(database.client),
  });
  return {
    config,
    mailQueue,
    storageFaults: createStorageFaults(logger),
    database,
    logger,
    assets: overrides.assets ?? (await loadAssets()),
    signer: overrides.signer ?? createTokenSigner(secret),
    site,
    mailer,
    store,
    rateLimiter,
    hub,
    ledger,
    ...picked,
    deposits,
    withdrawals,
    withdrawalReview,
    reviewKey: createHmac('sha256', secret).update('coinreel withdrawal review').digest('hex'),
    simulator,
    redis,
    self,
    idempotency: overrides.idempotency ?? idempotencyPlugin(database.client, { logger, rateLimiter, keysPerDay: config.IDEMPOTENCY_KEYS_PER_DAY }),
    flashKey: createHmac('sha256', secret).update('coinreel flash cookie').digest('hex'),
    cipher,
    gameProvider,
    gameTimeoutMs,
    games,
    metrics,
    shutdown: overrides.shutdown ?? createShutdownHooks(),
    twoStep,
    loginProofs,
    now,
    securityEvent,
    jobs,
    identity,
    solvency,
    compliance,
    ...overrides,
  };
}
