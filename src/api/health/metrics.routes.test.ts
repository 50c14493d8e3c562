import { describe, expect, test } from 'bun:test';
import { createHmac } from 'node:crypto';
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { fund } from '../../../tests/helpers/money';
import { createPlayer } from '../../../tests/helpers/players';
import { recordClientIp } from '../../http/client-ip';
import { VERSION } from '../../version';

/** GET /metrics as if from `address` (the socket's peer), with optional headers. */
async function scrape(app: TestApp, address: string, headers: Record<string, string> = {}, path = '/metrics') {
  const req = new Request('http://localhost:3000' + path, { headers });
  recordClientIp(req, address);
  const res = await app.handle(req);
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

/** The value of one series in the exposition text (0 when it is not there yet). */
function value(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(series + ' '));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('GET /metrics: who may read it', () => {
  test('by default loopback (IPv4 and IPv6) reads it; any other address gets 404', async () => {
    const app = await makeApp();
    for (const a of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const r = await scrape(app, a);
      expect(r.status).toBe(200);
      expect(r.type).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(r.text).toContain('# TYPE coinreel_http_requests_total counter');
    }
    for (const a of ['10.0.0.5', '2001:db8::1', '192.168.1.1']) {
      const r = await scrape(app, a);
      expect(r.status).toBe(404);
      expect(r.text).not.toContain('coinreel_');
    }
  });

  test('a request whose address is unknown is refused', async () => {
    const app = await makeApp();
    expect((await app.handle(new Request('http://localhost:3000/metrics'))).status).toBe(404);
  });

  test('METRICS_ALLOW ranges replace the default, IPv4 and IPv6 alike', async () => {
    const app = await makeApp({ METRICS_ALLOW: '10.0.0.0/8, fd00::/8' });
    expect((await scrape(app, '10.20.30.40')).status).toBe(200);
    expect((await scrape(app, 'fd12::9')).status).toBe(200);
    expect((await scrape(app, '127.0.0.1')).status).toBe(404);
    expect((await scrape(app, '11.0.0.1')).status).toBe(404);
  });

  test('behind a proxy the trusted header names the client: a spoofed earlier entry does not help', async () => {
    const app = await makeApp({ TRUSTED_PROXY_HEADER: 'x-forwarded-for' });
    // The proxy itself is on loopback, but the client it forwards is not: refused.
    expect((await scrape(app, '127.0.0.1', { 'x-forwarded-for': '127.0.0.1, 203.0.113.7' })).status).toBe(404);
    expect((await scrape(app, '203.0.113.7', { 'x-forwarded-for': '203.0.113.7, 127.0.0.1' })).status).toBe(200);
  });

  test('/metrics/ and its query forms get the same allowlist as /metrics', async () => {
    const app = await makeApp();
    for (const path of ['/metrics/', '/metrics?x=1', '/metrics/?x=1']) {
      expect((await scrape(app, '127.0.0.1', {}, path)).status).toBe(200);
      const refused = await scrape(app, '203.0.113.7', {}, path);
      expect(refused.status).toBe(404);
      expect(refused.text).not.toContain('coinreel_');
    }
    // Behind a proxy, a client that writes its own X-Forwarded-For (127.0.0.1) is still the address the proxy appended.
    const proxied = await makeApp({ TRUSTED_PROXY_HEADER: 'x-forwarded-for' });
    expect((await scrape(proxied, '127.0.0.1', { 'x-forwarded-for': '127.0.0.1, 203.0.113.7' }, '/metrics/')).status).toBe(404);
  });

  test('a bad METRICS_ALLOW stops start-up naming the variable', async () => {
    await expect(makeApp({ METRICS_ALLOW: '127.0.0.1, 10.0.0.0/99' })).rejects.toThrow('METRICS_ALLOW');
  });
});

describe('GET /metrics: the figures move', () => {
  test('requests by route pattern (never the raw path) and status, with a latency histogram', async () => {
    const app = await makeApp();
    const p = await createPlayer(app);
    await call(app, 'GET', '/api/v1/user/wallet-balance', undefined, { token: p.token });
    await call(app, 'GET', '/api/v1/user/wallet-balance', undefined, { token: p.token });
    await call(app, 'GET', '/api/v1/user/wallet-balance');
    await app.handle(new Request('http://localhost:3000/verify/email/SeCrEtToKeN123'));
    const t = (await scrape(app, '127.0.0.1')).text;
    expect(value(t, 'coinreel_http_requests_total{route="/api/v1/user/wallet-balance",method="GET",status="200"}')).toBe(2);
    expect(value(t, 'coinreel_http_requests_total{route="/api/v1/user/wallet-balance",method="GET",status="401"}')).toBe(1);
    expect(value(t, 'coinreel_http_requests_total{route="/verify/email/:token",method="GET",status="200"}')).toBe(1);
    expect(t).not.toContain('SeCrEtToKeN123');
    expect(value(t, 'coinreel_http_request_duration_seconds_count{route="/api/v1/user/wallet-balance"}')).toBe(3);
    expect(value(t, 'coinreel_http_request_duration_seconds_bucket{route="/api/v1/user/wallet-balance",le="+Inf"}')).toBe(3);
    expect(value(t, 'coinreel_http_request_duration_seconds_sum{route="/api/v1/user/wallet-balance"}')).toBeGreaterThan(0);
  });

  test('ledger transfers by code, webhook deliveries by outcome, reconciliation lag, lease holder', async () => {
    const app = await makeApp();
    const [a, b] = [await createPlayer(app), await createPlayer(app)];
    await fund(app, a.userId, 5_000);
    expect((await call(app, 'POST', '/api/v1/transfer/p2p-transfer', { email: b.email, amount: 3 }, { token: a.token })).status).toBe(200);
    // Webhooks: one with a bad signature, one signed delivery, then the same delivery again.
    const hook = async (body: string, secret: string) => {
      const sig = 'sha256=' + createHmac('sha256', secret).update(body).digest('hex');
      return (await call(app, 'POST', '/api/v1/webhooks/btcpay', body, { headers: { 'btcpay-sig': sig, 'content-type': 'application/json' } })).status;
    };
    expect(await hook('{}', 'wrong-secret')).toBe(401);
    const delivery = JSON.stringify({ deliveryId: 'd-1', type: 'InvoiceCreated', storeId: 's' });
    expect(await hook(delivery, app.deps.payments.webhookSecret)).toBe(200);
    expect(await hook(delivery, app.deps.payments.webhookSecret)).toBe(200);
    await app.deps.deposits.reconcileOnce();
    app.deps.metrics.setLeaseHolder('jobs', true);
    const t = (await scrape(app, '127.0.0.1')).text;
    expect(value(t, 'coinreel_ledger_transfers_total{code="DEPOSIT",kind="transfer"}')).toBe(1);
    expect(value(t, 'coinreel_ledger_transfers_total{code="P2P",kind="transfer"}')).toBe(1);
    expect(value(t, 'coinreel_webhook_deliveries_total{outcome="bad_signature"}')).toBe(1);
    expect(value(t, 'coinreel_webhook_deliveries_total{outcome="accepted"}')).toBe(1);
    expect(value(t, 'coinreel_webhook_deliveries_total{outcome="duplicate"}')).toBe(1);
    expect(t).toMatch(/^coinreel_reconciliation_lag_seconds\{job="deposits"\} \d/m);
    expect(value(t, 'coinreel_reconciliation_lag_seconds{job="deposits"}')).toBeLessThan(60);
    expect(value(t, 'coinreel_job_lease_holder{job="jobs"}')).toBe(1);
    app.deps.metrics.setLeaseHolder('jobs', false);
    expect(value((await scrape(app, '127.0.0.1')).text, 'coinreel_job_lease_holder{job="jobs"}')).toBe(0);
  });

  test('open sockets count the sockets a real server holds', async () => {
    const app = await makeApp();
    const p = await createPlayer(app);
    const { serveApp } = await import('../../serve');
    const server = serveApp(app, { port: 0, hostname: '127.0.0.1' });
    try {
      const open = () => new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws`, { headers: { cookie: `token=${p.token}` } } as unknown as string[]);
        ws.onmessage = () => resolve(ws);
        ws.onerror = reject;
      });
      const sockets = [await open(), await open()];
      const url = `http://127.0.0.1:${server.port}/metrics`;
      expect(value(await (await fetch(url)).text(), 'coinreel_open_sockets')).toBe(2);
      sockets[0]!.close();
      const deadline = Date.now() + 5000;
      while (value(await (await fetch(url)).text(), 'coinreel_open_sockets') !== 1 && Date.now() < deadline) await Bun.sleep(20);
      expect(value(await (await fetch(url)).text(), 'coinreel_open_sockets')).toBe(1);
      sockets[1]!.close();
    } finally {
      server.stop(true);
    }
  });
});

describe('GET /metrics: operations gauges', () => {
  test('the lease gauge is 0 on an instance that does not hold it; the build is named', async () => {
    const app = await makeApp();
    const t = (await scrape(app, '127.0.0.1')).text;
    expect(t).toMatch(/^coinreel_job_lease_holder\{job="jobs"\} 0$/m);
    expect(value(t, `coinreel_build_info{version="${VERSION}"}`)).toBe(1);
    // No Redis configured: no Redis gauge to mislead.
    expect(t).not.toMatch(/^coinreel_redis_up /m);
  });

  test('a withdrawals reconciliation pass is recorded beside the deposits one', async () => {
    const app = await makeApp();
    expect((await scrape(app, '127.0.0.1')).text).not.toContain('job="withdrawals"');
    await app.deps.withdrawals.reconcileOnce();
    const t = (await scrape(app, '127.0.0.1')).text;
    expect(t).toMatch(/^coinreel_reconciliation_lag_seconds\{job="withdrawals"\} \d/m);
    expect(value(t, 'coinreel_reconciliation_lag_seconds{job="withdrawals"}')).toBeLessThan(60);
  });

  test('the last backup: the newest finished file in BACKUP_DIR, or a backup this process took, whichever is later', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coinreel-backups-'));
    const app = await makeApp({ BACKUP_DIR: dir });
    expect((await scrape(app, '127.0.0.1')).text).not.toMatch(/^coinreel_last_backup_timestamp_seconds /m);
    const at = (s: number) => new Date(s * 1000);
    writeFileSync(join(dir, 'coinreel-20261120-1000.db'), 'x');
    utimesSync(join(dir, 'coinreel-20261120-1000.db'), at(1_790_000_000), at(1_790_000_000));
    writeFileSync(join(dir, 'coinreel-20261120-1100.db'), 'x');
    utimesSync(join(dir, 'coinreel-20261120-1100.db'), at(1_790_003_600), at(1_790_003_600));
    // A copy still being written (or one that failed its check) is not a backup.
    writeFileSync(join(dir, 'coinreel-20261120-1200.db.partial-42'), 'x');
    expect(value((await scrape(app, '127.0.0.1')).text, 'coinreel_last_backup_timestamp_seconds')).toBe(1_790_003_600);
    app.deps.metrics.recordBackup(1_790_007_200_500);
    expect(value((await scrape(app, '127.0.0.1')).text, 'coinreel_last_backup_timestamp_seconds')).toBe(1_790_007_200);
  });
});
