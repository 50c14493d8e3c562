import type { Client } from '@libsql/client';
import { Elysia } from 'elysia';
import type { RedisWatch } from '../../lib/redis-watch';
import type { StorageFaults } from '../../lib/storage-faults';
import { health, readiness } from '../../services/ops/health';

/** /readyz as Bun's router serves it (no request log line: a load balancer asks every few seconds). */
export function readyRoute(client: Client, redis: RedisWatch | null, headers: Record<string, string>, writes?: StorageFaults) {
  const all = { 'content-type': 'application/json;charset=utf-8', 'cache-control': 'no-store', ...headers };
  return { GET: () => readiness(client, redis, writes).then((r) => new Response(JSON.stringify(r.body), { status: r.status, headers: all })) };
}

export const healthRoutes = (client: Client, redis: RedisWatch | null = null, writes?: StorageFaults) =>
  new Elysia({ name: 'health' })
    .get('/healthz', async ({ set }) => {
      const h = await health(client);
      set.status = h.status;
      return h.body;
    })
    .get('/readyz', async ({ set }) => {
      const r = await readiness(client, redis, writes);
      set.status = r.status;
      set.headers['cache-control'] = 'no-store';
      return r.body;
    });
