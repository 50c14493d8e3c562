import type { App } from './app';
import type { Deps } from './deps';

type Server = { stop(closeActiveConnections?: boolean): Promise<void> };

export type StopOptions = {
  server: Server;
  app: App;
  deps: Deps;
  /** How long requests in flight may take to finish before their connections are cut. */
  timeoutMs: number;
  /** Stops this process's job timers, so no new background work starts. */
  stopJobs: () => void;
};

const timeout = (ms: number) => new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), ms).unref?.());

/**
 * The order matters: stop taking connections; tell sockets to reconnect (1012, so pages move to another instance
 * at once); let the requests in flight finish, bounded; let background payment work settle; run the shutdown
 * hooks (the job lease is released here, while the database is still open); close the hub and the database.
 * Each money movement is one committed transaction, so even a cut request leaves nothing half done.
 */
export async function stopGracefully(o: StopOptions): Promise<void> {
  const { deps } = o;
  o.stopJobs();
  const drained = o.server.stop(false);
  o.app.socket.closeAll(1012, 'Service Restart');
  if ((await Promise.race([drained, timeout(o.timeoutMs)])) === 'timeout') {
    deps.logger.error('requests still running at the shutdown timeout; closing their connections', { timeoutS: o.timeoutMs / 1000 });
    await o.server.stop(true);
  }
  await Promise.race([deps.deposits.idle(), timeout(o.timeoutMs)]);
  await deps.shutdown.run(Math.min(o.timeoutMs, 10_000), (e) => deps.logger.error('shutdown hook failed', { error: e instanceof Error ? e.message.slice(0, 200) : 'unknown' }));
  await deps.hub.close();
  deps.database.client.close();
}
