import { describe, expect, test } from 'bun:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './helpers/server-process';

describe('graceful shutdown', () => {
  test('SIGTERM stops the server cleanly (exit 0) and the database opens again afterwards', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coinreel-stop-'));
    const env = { DATABASE_URL: `file:${join(dir, 's.db')}`, DATA_DIR: dir, JWT_SECRET: 'shutdown-secret-shutdown-secret-0123' };
    const first = await startServer(env);
    first.proc.kill('SIGTERM');
    expect(await first.proc.exited).toBe(0);
    const second = await startServer(env);
    expect((await fetch(second.url + '/healthz')).status).toBe(200);
    await second.kill();
  });
});
