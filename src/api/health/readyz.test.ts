import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { createPlayer } from '../../../tests/helpers/players';
import { redisServerPath, startRedis, type RedisServer } from '../../../tests/helpers/redis';
import { recordClientIp } from '../../http/client-ip';
import { createLogger } from '../../lib/logger';
import { VERSION } from '../../version';

const readyz = async (app: TestApp) => {
  const res = await app.handle(new Request('http://localhost:3000/readyz'));
  return { status: res.status, body: (await res.json()) as { status: string; version: string; down: string[]; checks: Record<string, string> } };
};

/** One series' value from GET /metrics (undefined when absent). */
async function metric(app: TestApp, series: string): Promise<number | undefined> {
  const req = new Request('http://localhost:3000/metrics');
  recordClientIp(req, '127.0.0.1');
  const line = (await (await app.handle(req)).text()).split('\n').find((l) => l.startsWith(series + ' '));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /readyz without Redis', () => {
  test('200 with the version when the database answers and its migrations are current', async () => {
    const app = await makeApp();
    expect(await readyz(app)).toEqual({ status: 200, body: { status: 'ready', version: VERSION, down: [], checks: { database: 'ok', migrations: 'ok', redis: 'not configured' } } });
    // The same answer from Bun's router (a real server), which does not log each poll.
    const res = await (app.routes['/readyz']!.GET as () => Promise<Response>)();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(((await res.json()) as { version: string }).version).toBe(VERSION);
  });

  test('503 naming the migrations when the database lacks one of this version', async () => {
    const app = await makeApp();
    await app.deps.database.client.execute("DELETE FROM _migrations WHERE tag = (SELECT max(tag) FROM _migrations)");
    const r = await readyz(app);
    expect(r.status).toBe(503);
    expect(r.body.down).toEqual(['migrations']);
    expect(r.body.checks.migrations).toBe('not current');
  });

  test('503 naming only the database when it does not answer', async () => {
    const app = await makeApp();
    app.deps.database.client.close();
    const r = await readyz(app);
    expect(r.status).toBe(503);
    expect(r.body.down).toEqual(['database']);
    expect(r.body.status).toBe('unavailable');
  });
});

describe.skipIf(!redisServerPath)('Redis stopped and started again (REDIS_URL)', () => {
  let redis: RedisServer;
  let app: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    app = await makeApp({ REDIS_URL: redis.url }, { logger: createLogger(false, (l) => lines.push(l)) });
  });
  afterAll(async () => {
    await app?.deps.hub.close();
    await redis?.stop();
  });
  const logged = (msg: string) => lines.filter((l) => JSON.parse(l).msg === msg).length;
  const signIn = (p: { email: string; password: string }) => call(app, 'POST', '/api/v1/login', { email: p.email, password: p.password });

  test('ready, then 503 naming Redis while it is down (sign-in 503 with Retry-After, one log line, gauge 0), then ready again', async () => {
    const p = await createPlayer(app);
    expect((await readyz(app)).body).toMatchObject({ status: 'ready', down: [], checks: { redis: 'ok' } });
    expect((await signIn(p)).status).toBe(200);
    expect(await metric(app, 'coinreel_redis_up')).toBe(1);

    await redis.stop();
    const r = await readyz(app);
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ status: 'unavailable', down: ['redis'], checks: { database: 'ok', migrations: 'ok', redis: 'unreachable' } });
    // Sign-in needs the shared store (its rate limits): a plain 503 the client can retry, never a 500.
    for (let i = 0; i < 5; i++) {
      const s = await signIn(p);
      expect(s.status).toBe(503);
      expect(s.headers.get('retry-after')).toBe('30');
      expect(s.json).toEqual({ success: false, message: 'This is briefly unavailable. Please try again in a minute.', errorType: 'SERVICE_UNAVAILABLE' });
    }
    // The sign-in page's plain form post (no script) says the same, with the same status and Retry-After.
    const form = await app.handle(new Request('http://localhost:3000/login', {
      method: 'POST', redirect: 'manual', body: new URLSearchParams({ email: p.email, password: p.password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
    }));
    expect(form.status).toBe(503);
    expect(form.headers.get('retry-after')).toBe('30');
    expect(await form.text()).toContain('This is briefly unavailable. Please try again in a minute.');
    // So does a captcha (password reset's first step), another call that keeps state in Redis.
    expect((await call(app, 'GET', '/api/v1/captcha')).status).toBe(503);
    // A push that cannot be sent is counted, not lost in silence.
    app.deps.hub.publish(p.userId, { type: 'notification', data: { id: 'n', type: 'x', content: 'y' } } as never);
    await Bun.sleep(50);
    expect(await metric(app, 'coinreel_pushes_dropped_total')).toBeGreaterThanOrEqual(1);
    expect(await metric(app, 'coinreel_redis_up')).toBe(0);
    expect(logged('Redis is unreachable: sign-in and other calls that need it answer 503, and pushes to open pages are dropped until it is back')).toBe(1);
    expect(lines.filter((l) => JSON.parse(l).level === 'error')).toHaveLength(1);
    expect(logged('unhandled')).toBe(0);

    await redis.restart();
    const deadline = Date.now() + 20_000;
    while ((await readyz(app)).status !== 200 && Date.now() < deadline) await Bun.sleep(100);
    expect((await readyz(app)).body).toMatchObject({ status: 'ready', down: [], checks: { redis: 'ok' } });
    expect((await signIn(p)).status).toBe(200);
    expect(await metric(app, 'coinreel_redis_up')).toBe(1);
    expect(logged('Redis is reachable again')).toBe(1);
    expect(logged('Redis is unreachable: sign-in and other calls that need it answer 503, and pushes to open pages are dropped until it is back')).toBe(1);
  }, 40_000);
});
