import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeApp, type TestApp } from './helpers/app';
import { createPlayer, type TestPlayer } from './helpers/players';
import { redisServerPath, startRedis, type RedisServer } from './helpers/redis';
import { startServer, type ServerProcess } from './helpers/server-process';
import { sqldPath, startSqld, type SqldServer } from './helpers/sqld';
import { createSandboxSimulator } from '../src/services/payments/sandbox/sandbox-simulator';
import { verifyLedger } from '../src/services/ledger/ledger-verify';
import { walletId } from '../src/services/ledger/ledger.types';
import { JOBS_LEASE } from '../src/services/jobs/job-runner';
import { leaseHolder } from '../src/services/jobs/lease';
import { captchaAnswerHash, captchaKey } from '../src/services/auth/captcha';

/**
 * Two app processes on one database file and one Redis, as behind a load balancer: pushes, webhooks, rate limits
 * and background jobs behave as if there were one.
 */
for (const on of ['one database file', 'a libSQL server'] as const)
describe.skipIf(!redisServerPath || (on === 'a libSQL server' && !sqldPath))(`several instances on ${on} and one Redis`, () => {
  let redis: RedisServer;
  let sqld: SqldServer | undefined;
  let a: ServerProcess;
  let b: ServerProcess;
  // This test's own view of the same database: players, the sandbox's invoices, the ledger.
  let local: TestApp;

  beforeAll(async () => {
    redis = await startRedis();
    const dir = mkdtempSync(join(tmpdir(), 'coinreel-instances-'));
    if (on === 'a libSQL server') sqld = await startSqld();
    const env = { DATABASE_URL: sqld ? sqld.url : `file:${join(dir, 'shared.db')}`, DATA_DIR: dir, JWT_SECRET: 'instances-secret-instances-secret-0123' };
    // First, so the generated development keys (credential key, sandbox webhook secret) exist before both instances read them.
    local = await makeApp(env);
    const instance = { ...env, REDIS_URL: redis.url, JOB_LEASE_S: '1', RECONCILE_INTERVAL_S: '5' };
    [a, b] = await Promise.all([startServer(instance), startServer(instance)]);
  });
  afterAll(async () => {
    await Promise.all([a?.kill('SIGKILL'), b?.kill('SIGKILL')]);
    await redis?.stop();
    await sqld?.stop();
  });

  const api = (s: ServerProcess, method: string, path: string, body?: unknown, token?: string) =>
    fetch(s.url + path, { method, headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) }, body: body === undefined ? undefined : JSON.stringify(body) });

  /** Pays the player's new deposit in the sandbox; its signed webhook deliveries go to `to` (each to every one of them at once). */
  async function payDeposit(p: TestPlayer, dollars: number, to: ServerProcess[]) {
    const r = await (await api(a, 'POST', '/api/v1/btc/create-deposit-request', { amount: dollars }, p.token)).json();
    expect(r.success).toBe(true);
    const row = await local.deps.database.client.execute({ sql: 'SELECT invoice_id FROM deposits WHERE user_id = ?', args: [p.userId] });
    const invoiceId = String(row.rows.at(-1)!.invoice_id);
    const delivered: number[] = [];
    const simulator = createSandboxSimulator(local.deps.sandbox!, async (req) => {
      const body = await req.text();
      const sent = await Promise.all(to.map((s) => fetch(s.url + '/api/v1/webhooks/btcpay', { method: 'POST', headers: req.headers, body })));
      delivered.push(...sent.map((x) => x.status));
      return sent[0]!;
    }, 'http://unused/api/v1/webhooks/btcpay');
    await simulator.simulate(invoiceId, 'pay');
    expect(delivered.every((s) => s === 200)).toBe(true);
  }

  const walletCents = async (p: TestPlayer) => (await local.deps.ledger.balance(walletId(p.userId))).balanceCents;
  async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const v = await read();
      if (ok(v)) return v;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(v)}`);
      await Bun.sleep(50);
    }
  }

  /** The player's page open on instance `s`: what its socket hears, once it is ready. */
  async function socketOn(s: ServerProcess, p: TestPlayer) {
    const heard: { event: string; data: Record<string, unknown> }[] = [];
    const ws = new WebSocket(s.url.replace('http', 'ws') + '/ws', { headers: { cookie: `token=${p.token}`, origin: s.url } } as never);
    ws.onmessage = (m) => heard.push(JSON.parse(String(m.data)));
    await until(async () => heard, (h) => h.some((m) => m.event === 'ready'), 'the socket to be ready');
    return { heard, ws, count: (event: string) => heard.filter((m) => m.event === event).length };
  }

  test("a player's socket on instance A hears of a deposit credited by a webhook sent to instance B", async () => {
    const p = await createPlayer(local);
    const { heard, ws } = await socketOn(a, p);

    await payDeposit(p, 25, [b]);
    await until(async () => heard, (h) => h.some((m) => m.event === 'amount'), 'the balance push');
    expect(heard.find((m) => m.event === 'InvoicePaymentSettled')?.data).toMatchObject({ amount: 25 });
    expect(heard.find((m) => m.event === 'amount')?.data).toMatchObject({ walletAmount: 25 });
    expect(await walletCents(p)).toBe(2500);
    ws.close();
  });

  test('a session ended on instance B closes its socket held by instance A at once; the other device keeps hearing', async () => {
    const p = await createPlayer(local);
    const login = await (await api(b, 'POST', '/api/v1/login', { email: p.email, password: p.password, userType: 'USER' })).json();
    const ended = await socketOn(a, p);
    const kept = await socketOn(a, { ...p, token: login.token });
    const closed = new Promise<number>((r) => ended.ws.addEventListener('close', (e) => r(e.code)));
    expect((await api(b, 'DELETE', `/api/v1/user/sessions/${p.sessionId}`, undefined, login.token)).status).toBe(200);
    expect(await closed).toBe(4401);
    // The other session's socket on A still hears a push made on B.
    await payDeposit({ ...p, token: login.token }, 5, [b]);
    await until(async () => kept.heard, (h) => h.some((m) => m.event === 'amount'), 'the balance push to the kept session');
    kept.ws.close();
  });

  test('one delivery raced to both instances at the same moment credits once', async () => {
    const p = await createPlayer(local);
    const socket = await socketOn(b, p);
    await payDeposit(p, 40, [a, b]);
    await until(() => walletCents(p), (c) => c > 0, 'the credit');
    // Both instances have finished their work on it: the deposit is closed out and nothing more arrives.
    await Bun.sleep(500);
    expect(await walletCents(p)).toBe(4000);
    const credits = await local.deps.database.client.execute({ sql: "SELECT count(*) AS n FROM transfers WHERE credit_account_id = ? AND code = 'DEPOSIT'", args: [walletId(p.userId)] });
    expect(Number(credits.rows[0]!.n)).toBe(1);
    const notes = await local.deps.database.client.execute({ sql: "SELECT count(*) AS n FROM notifications WHERE user_id = ?", args: [p.userId] });
    expect(Number(notes.rows[0]!.n)).toBe(1);
    expect((await verifyLedger(local.deps.database.client)).ok).toBe(true);
    // The player hears of it once too: only the run whose credit went in pushes.
    expect(socket.count('InvoicePaymentSettled')).toBe(1);
    socket.ws.close();
  });

  test('the login rate limit counts attempts made on both instances together', async () => {
    const email = `limited.${crypto.randomUUID().slice(0, 6)}@example.com`;
    const statuses: number[] = [];
    // Ten wrong passwords, alternating instances: each saw only five, yet the eleventh is refused on either.
    for (let i = 0; i < 10; i++) statuses.push((await api(i % 2 ? b : a, 'POST', '/api/v1/login', { email, password: `Wrong${i}!` })).status);
    expect(statuses).toEqual(Array(10).fill(401));
    expect((await api(a, 'POST', '/api/v1/login', { email, password: 'Wrong10!' })).status).toBe(429);
    expect((await api(b, 'POST', '/api/v1/login', { email, password: 'Wrong11!' })).status).toBe(429);
  });

  test('a captcha issued by one instance is checked by the other, and only once across both', async () => {
    const { captchaId } = await (await api(a, 'GET', '/api/v1/captcha')).json();
    // The answer is only in the image; the test gives the stored captcha one it knows, in the instances' Redis.
    const r = new Bun.RedisClient(redis.url);
    await r.send('SET', [`coinreel:${captchaKey(captchaId)}`, captchaAnswerHash(captchaId, 'K7MP'), 'PX', '60000']);
    r.close();
    const body = { email: 'nobody@example.com', captchaId, captcha: 'K7MP' };
    expect((await api(b, 'POST', '/api/v1/forget-password', body)).status).toBe(200);
    const again = await api(a, 'POST', '/api/v1/forget-password', body);
    expect(again.status).toBe(400);
    expect((await again.json()).errors).toEqual([{ field: 'captcha', message: 'Captcha does not match' }]);
  });

  test('killing the instance that holds the jobs lease hands it to the other', async () => {
    const pidOf = (holder: string | null) => (holder ? Number(holder.split(':').at(-2)) : null);
    const client = local.deps.database.client;
    const first = await until(() => leaseHolder(client, JOBS_LEASE), (h) => h !== null, 'a holder');
    const [holder, other] = pidOf(first) === a.proc.pid ? [a, b] : [b, a];
    expect(pidOf(first)).toBe(holder.proc.pid);
    await holder.kill('SIGKILL');
    const next = await until(() => leaseHolder(client, JOBS_LEASE), (h) => pidOf(h) === other.proc.pid, 'the other instance to take the lease');
    expect(pidOf(next)).toBe(other.proc.pid);
  });
});
