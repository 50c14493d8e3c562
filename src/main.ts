import { ConfigError, loadConfig } from './config';
import { createApp } from './app';
import { buildDeps } from './deps';
import { serveApp } from './serve';
import { stopGracefully } from './graceful-stop';
import { databaseProblem, fileSystemLine, listenFailureLine } from './startup-errors';

/** A failure the operator can fix: one plain line with the fix on stderr, exit 1 (no stack trace). */
function stop(line: string): never {
  console.error(line);
  process.exit(1);
}

// The operator commands, in the binary too: `coinreel admin create …`, `coinreel backup FILE`,
// `coinreel restore FILE`, `coinreel doctor`. With no command it serves the site.
const command = Bun.argv[2];
if (command === 'admin' && Bun.argv[3] === 'create') process.exit(await (await import('./cli/admin-create')).adminCreate(Bun.argv.slice(4)));
if (command === 'backup') process.exit(await (await import('./cli/backup')).backupCommand(Bun.argv.slice(3)));
if (command === 'restore') process.exit(await (await import('./cli/restore')).restoreCommand(Bun.argv.slice(3)));
if (command === 'doctor') process.exit(await (await import('./cli/doctor')).doctorCommand());
if (command !== undefined && !command.startsWith('-')) {
  console.error(`unknown command "${command}": use admin create, backup FILE, restore FILE or doctor (none serves the site)`);
  process.exit(2);
}

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
    server = serveApp(app, { port: config.PORT, hostname: config.HOST });
  } catch (e) {
    const line = listenFailureLine(e, config.PORT);
    if (!line) throw e;
    deps.database.client.close();
    stop(line);
  }
  deps.logger.info('listening', { url: `http://localhost:${server.port}`, readyMs: Math.round(performance.now() - started), payments: deps.payments.name, games: deps.gameProvider.name });
  // Reconciliation (deposits, payouts, game transfers) and clean-up: now and on their intervals, on whichever
  // instance holds the jobs lease in the database (src/services/jobs). On SIGTERM the lease is given up while the
  // database is still open, so another instance takes over at its next renewal.
  deps.jobs.start();
  deps.mailQueue.start();
  deps.shutdown.onShutdown(() => deps.mailQueue.stop());
  deps.shutdown.onShutdown(() => deps.jobs.release());
  if (deps.payments.name === 'btcpay')
    void deps.payments.checkKey().then((k) => {
      if (!k.ok) deps.logger.error('BTCPay API key is missing permissions; deposits or withdrawals will fail until they are granted', { missing: k.missing, error: k.error ?? null });
    });

  // SIGTERM (systemd, containers) and SIGINT (Ctrl-C): see graceful-stop.ts for the order of things.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    deps.logger.info('stopping', { signal });
    // The jobs stop with the lease, in the shutdown hooks: a job still running finishes before the database closes.
    const stopJobs = () => {};
    try {
      await stopGracefully({ server, app, deps, timeoutMs: config.SHUTDOWN_TIMEOUT_S * 1000, stopJobs });
      deps.logger.info('stopped', { signal });
      process.exit(0);
    } catch (e) {
      deps.logger.error('shutdown failed', { error: e instanceof Error ? e.message.slice(0, 200) : 'unknown' });
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
} catch (e) {
  if (e instanceof ConfigError) stop(e.message);
  throw e;
}
