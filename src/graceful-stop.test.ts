import { describe, expect, test } from 'bun:test';
import type { App } from './app';
import type { Deps } from './deps';
import { stopGracefully } from './graceful-stop';
import { createShutdownHooks } from './lib/shutdown-hooks';

/** A real server whose one route answers after `ms`, and the parts of deps a stop touches, recording the order. */
function setup(ms: number) {
  const steps: string[] = [];
  const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: async () => {
      await Bun.sleep(ms);
      steps.push('request finished');
      return new Response('done');
    } });
  const shutdown = createShutdownHooks();
  shutdown.onShutdown(() => void steps.push('lease released'));
  const deps = {
    logger: { info: () => {}, error: (m: string) => void steps.push(`error: ${m}`) },
    deposits: { idle: async () => void steps.push('payment work settled') },
    shutdown,
    hub: { close: async () => void steps.push('hub closed') },
    database: { client: { close: () => void steps.push('database closed') } },
  } as unknown as Deps;
  const app = { socket: { closeAll: (code: number) => void steps.push(`sockets closed ${code}`) } } as unknown as App;
  return { steps, server, run: (timeoutMs: number) => stopGracefully({ server, app, deps, timeoutMs, stopJobs: () => void steps.push('jobs stopped') }) };
}

describe('stopping gracefully', () => {
  test('a request in flight is answered before anything closes; then hooks, hub and database, in that order', async () => {
    const { steps, server, run } = setup(300);
    const answer = fetch(`http://127.0.0.1:${server.port}/`).then((r) => r.text());
    await Bun.sleep(50);
    await run(5_000);
    expect(await answer).toBe('done');
    expect(steps).toEqual(['jobs stopped', 'sockets closed 1012', 'request finished', 'payment work settled', 'lease released', 'hub closed', 'database closed']);
    // Nothing new is accepted once stopped.
    expect(await fetch(`http://127.0.0.1:${server.port}/`).then(() => 'answered', () => 'refused')).toBe('refused');
  });

  test('a request still running at the timeout has its connection cut, and the stop goes on', async () => {
    const { steps, server, run } = setup(10_000);
    const answer = fetch(`http://127.0.0.1:${server.port}/`).then(() => 'answered', () => 'cut');
    await Bun.sleep(50);
    await run(200);
    expect(await answer).toBe('cut');
    expect(steps).toContain('error: requests still running at the shutdown timeout; closing their connections');
    expect(steps.slice(-3)).toEqual(['lease released', 'hub closed', 'database closed']);
  });

  test('the whole stop keeps to its one timeout even when every step hangs; the database is still closed', async () => {
    const steps: string[] = [];
    const never = new Promise<void>(() => {});
    const shutdown = createShutdownHooks();
    shutdown.onShutdown(() => never);
    shutdown.onShutdown(() => never);
    const deps = {
      logger: { info: () => {}, error: (m: string) => void steps.push(`error: ${m}`) },
      deposits: { idle: () => never },
      shutdown,
      hub: { close: () => never },
      database: { client: { close: () => void steps.push('database closed') } },
    } as unknown as Deps;
    const app = { socket: { closeAll: () => {} } } as unknown as App;
    const server = { stop: () => never };
    const T = 600;
    // Before, each step had the full timeout (requests, payment work, every hook) and the hub none: it never ended.
    const outcome = await Promise.race([
      stopGracefully({ server, app, deps, timeoutMs: T, stopJobs: () => {} }).then(() => 'stopped'),
      Bun.sleep(3 * T).then(() => 'still stopping'),
    ]);
    expect(outcome).toBe('stopped');
    expect(steps.at(-1)).toBe('database closed');
  });
});
