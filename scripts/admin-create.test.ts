import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { call, makeApp, type TestApp } from '../tests/helpers/app';

const root = resolve(import.meta.dir, '..');

function run(args: string[], env: Record<string, string>, script = 'scripts/admin-create.ts') {
  const p = Bun.spawnSync([process.execPath, script, ...args], { cwd: root, env: { ...process.env, NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000', ...env } });
  return { code: p.exitCode, out: p.stdout.toString(), err: p.stderr.toString() };
}

describe('bun run admin:create', () => {
  let app: TestApp;
  let env: Record<string, string>;
  beforeAll(async () => {
    app = await makeApp();
    env = { DATABASE_URL: app.config.DATABASE_URL, DATA_DIR: app.dir };
  });
  afterAll(() => app.deps.database.client.close());

  test('with a password: a verified operator who signs in and reaches the console API', async () => {
    const r = run(['--email', 'Boss@Example.com', '--password', 'Operator123'], env);
    expect(r.code).toBe(0);
    expect(r.out).toContain('created operator boss@example.com');
    const login = await call(app, 'POST', '/api/v1/login', { email: 'boss@example.com', password: 'Operator123' });
    expect(login.status).toBe(200);
    expect((await call(app, 'GET', '/api/v1/admin/overview', undefined, { token: login.json.token })).status).toBe(200);
    const audit = await app.deps.database.client.execute("SELECT action, actor_id FROM audit_log WHERE action = 'operator.create'");
    expect(audit.rows[0]).toMatchObject({ action: 'operator.create', actor_id: 'cli:admin-create' });
  });

  test('without a password it promotes an existing player and prints a one-time link that sets one', async () => {
    const reg = await call(app, 'POST', '/api/v1/register', { email: 'helper@example.com', password: 'Secret123!', reference: 'friend', userType: 'USER', termsAccepted: true, ageConfirmed: true });
    expect(reg.status).toBe(201);
    const r = run(['--email', 'helper@example.com'], env);
    expect(r.code).toBe(0);
    expect(r.out).toContain('promoted operator helper@example.com');
    const token = /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(r.out)![1]!;
    const set = await call(app, 'PATCH', `/api/v1/reset-password/${token}`, { newPassword: 'NewOperator1' });
    expect(set.status).toBe(200);
    // Single use.
    expect((await call(app, 'PATCH', `/api/v1/reset-password/${token}`, { newPassword: 'NewOperator2' })).status).toBe(400);
    const login = await call(app, 'POST', '/api/v1/login', { email: 'helper@example.com', password: 'NewOperator1' });
    expect((await call(app, 'GET', '/api/v1/admin/overview', undefined, { token: login.json.token })).status).toBe(200);
  });

  test('bad input exits non-zero and writes nothing', async () => {
    for (const args of [[], ['--email', 'not-an-email'], ['--email', 'x@example.com', '--password', 'short']]) {
      const r = run(args, env);
      expect(r.code).toBe(2);
      expect(r.err.length).toBeGreaterThan(0);
    }
    const c = createClient({ url: env.DATABASE_URL! });
    expect((await c.execute("SELECT count(*) AS n FROM users WHERE email = 'x@example.com'")).rows[0]!.n).toBe(0);
    c.close();
  });

  test('the server entry point takes the same subcommand (as the binary does)', () => {
    const r = run(['admin', 'create', '--email', 'bin@example.com', '--password', 'Operator123'], env, 'src/main.ts');
    expect(r.code).toBe(0);
    expect(r.out).toContain('created operator bin@example.com');
  });
});
