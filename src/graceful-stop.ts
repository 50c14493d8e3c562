import type { App } from './app';
import type { Deps } from './deps';
import { errorFields } from './lib/redact';

type Server = { stop(closeActiveConnections?: boolean): Promise<void> };

export type StopOptions = {
  server: Server;
  app: App;
  deps: Deps;
  /** The whole stop, from the signal to the database closed (SHUTDOWN_TIMEOUT_S). */
  timeoutMs: number;
  /** Stops this process's job timers, so no new background work starts. */
  stopJobs: () => void;
};

const timeout = (ms: number) => new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), Math.max(0, ms)).unref?.());
const within = <T>(p: Promise<T>, ms: number) => Promise.race([p, timeout(ms)]);

/**
 * The order matters: stop taking connections; tell sockets to reconnect (1012, so pages move to another instance
 * at once); let the requests in flight finish; let background payment work settle; run the shutdown hooks (the job
 * lease is released here, while the database is still open); close the hub and the database.
 * The whole stop keeps to one deadline, `timeoutMs`, so the service manager's own limit (systemd's
 * TimeoutStopSec, docker stop's timeout), set above it, never has to kill the process. Requests and payment work
 * may use what is left after a share kept back for the hooks and the closing.
 * Each money movement is one committed transaction, so even a cut request leaves nothing half done.
 */
export async function stopGracefully(o: StopOptions): Promise<void> {
  const { deps } = o;
  const deadline = Date.now() + o.timeoutMs;
  const left = () => deadline - Date.now();
  const reserve = Math.min(5_000, o.timeoutMs / 4);
  o.stopJobs();
  const drained = o.server.stop(false);
  o.app.socket.closeAll(1012, 'Service Restart');
  if ((await within(drained, left() - reserve)) === 'timeout') {
    deps.logger.error('requests still running at the shutdown timeout; closing their connections', { timeoutS: o.timeoutMs / 1000 });
    await within(o.server.stop(true), left() - reserve);
  }
  await within(deps.deposits.idle(), left() - reserve);
  const hookError = (e: unknown) => deps.logger.error('shutdown hook failed', errorFields(e));
  await within(deps.shutdown.run(Math.max(1, left() - reserve / 2), hookError), left() - reserve / 2);
  await within(deps.hub.close(), left());
  deps.database.client.close();
}
