// Serving the site: config → port check → database → migrate → app → listen. A failure the operator can fix is
// one plain line on stderr with the fix, exit 1 (no stack trace).
import { listeningFields } from './startup-line';
import { ConfigError, loadConfig, sandboxMainnetWarning, sandboxPaymentsWarning, sharedKeyWarning } from './config';
import { createApp } from './app';
import { buildDeps } from './deps';
import { errorFields } from './lib/redact';
import { serveApp } from './serve';
import { stopGracefully } from './graceful-stop';
import { dataFolderProblem, databaseOpenLine, databaseProblem, fileSystemLine, listenFailureLine } from './startup-errors';
import { COMMIT, VERSION } from './version';
import { keyCheckLine } from './services/payments/btcpay/btcpay.provider';

function stop(line: string): never {
  console.error(line);
  process.exit(1);
}

/**
 * Binds HOST:PORT for a moment before anything else happens, so a port in use or an address this machine does not
 * have is told before a database is created or migrated. (PORT=0 asks the OS for a free port: nothing to check.)
 */
function checkListen(port: number, hostname: string | undefined): void {
  if (port === 0) return;
  try {
    Bun.serve({ port, hostname, fetch: () => new Response(null, { status: 503 }) }).stop(true);
  } catch (e) {
    const line = listenFailureLine(e, port, hostname);
    if (!line) throw e;
    stop(line);
  }
}

export async function runServer(): Promise<void> {
  const started = performance.now();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) stop(e.message);
    throw e;
  }
  checkListen(config.PORT, config.listenHost);
  const folders = dataFolderProblem(config.DATA_DIR, config.DATABASE_URL);
  if (folders) stop(folders);
  const unreadable = await databaseProblem(config.DATABASE_URL, config.DATABASE_AUTH_TOKEN);
  if (unreadable) stop(unreadable);
  const deps = await buildDeps(config).catch((e) => {
    const line = e instanceof ConfigError ? e.message.replace(/\n\s*/g, ' ') : (fileSystemLine(e) ?? databaseOpenLine(e, config.DATABASE_URL));
    if (!line) throw e;
    return stop(line);
  });
  const app = createApp(deps);
  let server: ReturnType<typeof serveApp>;
  try {
    server = serveApp(app, { port: config.PORT, hostname: config.listenHost });
  } catch (e) {
    const line = listenFailureLine(e, config.PORT, config.listenHost);
    if (!line) throw e;
    deps.database.client.close();
    stop(line);
  }
  const sharedKey = sharedKeyWarning(config);
  if (sharedKey) deps.logger.error(sharedKey);
  const sandboxPayments = sandboxPaymentsWarning(config);
  if (sandboxPayments && deps.payments.name === 'sandbox') deps.logger.error(sandboxPayments);
  const sandboxMainnet = sandboxMainnetWarning(config);
  if (sandboxMainnet && deps.payments.name === 'sandbox') deps.logger.error(sandboxMainnet);
  deps.logger.info('listening', {
    ...listeningFields(config, server.port!), version: VERSION, commit: COMMIT, readyMs: Math.round(performance.now() - started),
    payments: deps.payments.name, games: deps.gameProvider.name,
  });
  // Reconciliation (deposits, payouts, game transfers) and clean-up: now and on their intervals, on whichever
  // instance holds the jobs lease in the database (src/services/jobs). On SIGTERM the lease is given up while the
  // database is still open, so another instance takes over at its next renewal.
  deps.jobs.start();
  deps.shutdown.onShutdown(() => deps.jobs.release());
  // The mail queue sends what the movements queued in their own transactions (docs/decisions/mail-queue.md).
  deps.mailQueue.start();
  deps.shutdown.onShutdown(() => deps.mailQueue.stop());
  if (deps.payments.name === 'btcpay')
    void deps.payments.checkKey().then((k) => {
      // Its origin only: a URL could carry credentials.
      const line = keyCheckLine(k, config.BTCPAY_URL ? new URL(config.BTCPAY_URL).origin : '');
      if (line) deps.logger.error(line.msg, line.fields);
    });

  // SIGTERM (systemd, containers) and SIGINT (Ctrl-C): see graceful-stop.ts for the order of things.
  let stopping = false;
  const timeoutMs = config.SHUTDOWN_TIMEOUT_S * 1000;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    deps.logger.info('stopping', { signal, timeoutS: config.SHUTDOWN_TIMEOUT_S });
    // A backstop: whatever hangs, the process is gone a moment after SHUTDOWN_TIMEOUT_S, before the service
    // manager's own limit would kill it.
    setTimeout(() => {
      deps.logger.error('shutdown did not finish within SHUTDOWN_TIMEOUT_S; exiting', { timeoutS: config.SHUTDOWN_TIMEOUT_S });
      process.exit(1);
    }, timeoutMs + 1_000).unref();
    try {
      // The jobs stop with the lease, in the shutdown hooks: a job still running finishes before the database closes.
      await stopGracefully({ server, app, deps, timeoutMs, stopJobs: () => {} });
      deps.logger.info('stopped', { signal });
      process.exit(0);
    } catch (e) {
      deps.logger.error('shutdown failed', errorFields(e));
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
