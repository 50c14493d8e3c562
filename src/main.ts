import { ConfigError, loadConfig } from './config';
import { createApp } from './app';
import { buildDeps } from './deps';
import { serveApp } from './serve';
import { databaseProblem, fileSystemLine, listenFailureLine } from './startup-errors';

/** A failure the operator can fix: one plain line with the fix on stderr, exit 1 (no stack trace). */
function stop(line: string): never {
  console.error(line);
  process.exit(1);
}

// `coinreel admin create --email E [--password P]`: the operator command, in the binary too.
if (Bun.argv[2] === 'admin' && Bun.argv[3] === 'create') process.exit(await (await import('./cli/admin-create')).adminCreate(Bun.argv.slice(4)));

// config → db → migrate → app → listen
try {
  const started = performance.now();
  const config = loadConfig();
  const unreadable = await databaseProblem(config.DATABASE_URL, config.DATABASE_AUTH_TOKEN);
  if (unreadable) stop(unreadable);
  const deps = await buildDeps(config).catch((e) => {
    const line = fileSystemLine(e);
    if (!line) throw e;
    return stop(line);
  });
  const app = createApp(deps);
  let server: ReturnType<typeof serveApp>;
  try {
    server = serveApp(app, { port: config.PORT });
  } catch (e) {
    const line = listenFailureLine(e, config.PORT);
    if (!line) throw e;
    deps.database.client.close();
    stop(line);
  }
  deps.logger.info('listening', { url: `http://localhost:${server.port}`, readyMs: Math.round(performance.now() - started), payments: deps.payments.name, games: deps.gameProvider.name });
  // Game transfers whose answer was lost are looked up by their reference: now, and every RECONCILE_INTERVAL_S seconds.
  deps.games.start(config.RECONCILE_INTERVAL_S * 1000, () => deps.logger.error('game reconciliation failed'));
  // Deposits whose webhook was lost are found again: now, and every RECONCILE_INTERVAL_S seconds.
  deps.deposits.start(config.RECONCILE_INTERVAL_S);
  // Open withdrawals too: payouts BTCPay could not be asked for, and payout states a lost webhook did not bring.
  const reconcileWithdrawals = () => deps.deposits.later(() => deps.withdrawals.reconcileOnce());
  reconcileWithdrawals();
  setInterval(reconcileWithdrawals, config.RECONCILE_INTERVAL_S * 1000).unref();
  if (deps.payments.name === 'btcpay')
    void deps.payments.checkKey().then((k) => {
      if (!k.ok) deps.logger.error('BTCPay API key is missing permissions; deposits or withdrawals will fail until they are granted', { missing: k.missing, error: k.error ?? null });
    });

  // On SIGTERM/SIGINT: stop taking connections, let requests in flight finish, then close the database.
  // Each money movement is one committed transaction, so even a hard kill loses nothing that was answered.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    deps.logger.info('stopping', { signal });
    deps.games.stop();
    deps.deposits.stop();
    await server.stop(false);
    await deps.deposits.idle();
    await deps.hub.close();
    deps.database.client.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
} catch (e) {
  if (e instanceof ConfigError) stop(e.message);
  throw e;
}
