import { ConfigError, loadConfig } from './config';
import { createApp } from './app';
import { buildDeps } from './deps';

// config → db → migrate → app → listen
try {
  const started = performance.now();
  const config = loadConfig();
  const deps = await buildDeps(config);
  const app = createApp(deps);
  const server = Bun.serve({ port: config.PORT, fetch: app.handle, maxRequestBodySize: 1_000_000 });
  deps.logger.info('listening', { url: `http://localhost:${server.port}`, readyMs: Math.round(performance.now() - started) });
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
}
