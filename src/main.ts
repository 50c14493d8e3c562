import { ConfigError, loadConfig } from './config';
import { createApp } from './app';
import { buildDeps } from './deps';
import { serveApp } from './serve';

// `coinreel admin create --email E [--password P]`: the operator command, in the binary too.
if (Bun.argv[2] === 'admin' && Bun.argv[3] === 'create') process.exit(await (await import('./cli/admin-create')).adminCreate(Bun.argv.slice(4)));

// config → db → migrate → app → listen
try {
  const started = performance.now();
  const config = loadConfig();
  const deps = await buildDeps(config);
  const app = createApp(deps);
  const server = serveApp(app, { port: config.PORT });
  deps.logger.info('listening', { url: `http://localhost:${server.port}`, readyMs: Math.round(performance.now() - started), payments: deps.payments.name, games: deps.gameProvider.name });
  // Reconciliation (deposits, payouts, game transfers) and clean-up: now and on their intervals, on whichever
  // instance holds the jobs lease in the database (src/services/jobs).
  deps.jobs.start();
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
    await deps.jobs.release();
    await server.stop(false);
    await deps.deposits.idle();
    await deps.hub.close();
    deps.database.client.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
}
