import type { Client } from '@libsql/client';
import { pendingMigrations } from '../../../db/migrate';
import type { RedisWatch } from '../../lib/redis-watch';
import { VERSION } from '../../version';

/** 200 once the database answers a query, 503 otherwise (served by this route and by http/fast-paths.ts). */
export async function health(client: Client): Promise<{ status: 200 | 503; body: { status: 'ok' | 'unavailable' } }> {
  try {
    await client.execute('SELECT 1');
    return { status: 200, body: { status: 'ok' } };
  } catch {
    return { status: 503, body: { status: 'unavailable' } };
  }
}

type Check = 'ok' | 'unreachable' | 'not writable' | 'not current' | 'not configured' | 'unknown';
export type Readiness = {
  status: 200 | 503;
  body: { status: 'ready' | 'unavailable'; version: string; down: string[]; checks: { database: Check; migrations: Check; redis: Check } };
};

/**
 * Whether this instance can serve players now, for a load balancer's readiness check and an operator: the
 * database answers (and has not refused a write in the last half minute: a full disk), its migrations are this
 * version's, and Redis answers when REDIS_URL is set. 503 names what is down. /healthz stays the cheap liveness
 * answer (is the process serving at all): restarting cannot free a disk.
 */
export async function readiness(client: Client, redis: RedisWatch | null, writes?: { failing(): boolean }): Promise<Readiness> {
  const [database, migrations, redisCheck] = await Promise.all([
    client.execute('SELECT 1').then((): Check => (writes?.failing() ? 'not writable' : 'ok'), (): Check => 'unreachable'),
    pendingMigrations(client).then((p): Check => (p.length ? 'not current' : 'ok'), (): Check => 'unknown'),
    redis ? redis.ping().then((up): Check => (up ? 'ok' : 'unreachable')) : Promise.resolve<Check>('not configured'),
  ]);
  const checks = { database, migrations: database === 'ok' ? migrations : 'unknown', redis: redisCheck };
  // Migrations cannot be read without the database: only the database is named down then.
  const down = Object.entries(checks).filter(([name, c]) => c !== 'ok' && c !== 'not configured' && !(name === 'migrations' && database !== 'ok')).map(([name]) => name);
  return { status: down.length ? 503 : 200, body: { status: down.length ? 'unavailable' : 'ready', version: VERSION, down, checks } };
}
