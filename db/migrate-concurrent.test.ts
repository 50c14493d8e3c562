import { afterAll, describe, expect, test } from 'bun:test';
import { createClient } from '@libsql/client';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startServer } from '../tests/helpers/server-process';
import { sqldPath, startSqld } from '../tests/helpers/sqld';
import { migrations } from './migrations';

const worker = resolve(import.meta.dir, '../tests/helpers/migrate-worker.ts');
const INSTANCES = 4;
const ROUNDS = 10;

/** Four processes start on one fresh database at the same moment; each must come up, and together apply every migration once. */
async function startTogether(url: string) {
  const procs = Array.from({ length: INSTANCES }, () =>
    Bun.spawn([process.execPath, worker, url], { stdin: 'pipe', stdout: 'pipe', stderr: 'pipe', env: { ...process.env } }));
  const outputs = procs.map((p) => p.stdout.getReader());
  const decoder = new TextDecoder();
  // Every process loaded and waiting before any begins, so their migrations really overlap.
  const firstLines = await Promise.all(outputs.map(async (r) => decoder.decode((await r.read()).value)));
  expect(firstLines.map((l) => l.trim())).toEqual(Array(INSTANCES).fill('ready'));
  for (const p of procs) {
    p.stdin.write('go\n');
    p.stdin.end();
  }
  return Promise.all(procs.map(async (p, i) => {
    let out = '';
    for (;;) {
      const { value, done } = await outputs[i]!.read();
      if (done) break;
      out += decoder.decode(value);
    }
    const [err, code] = await Promise.all([new Response(p.stderr).text(), p.exited]);
    return { code, err: err.split('\n').find((l) => l.startsWith('error in '))?.trim() ?? err.slice(-300), applied: code === 0 ? (JSON.parse(out.trim().split('\n').pop()!) as { applied: number }).applied : -1 };
  }));
}

async function expectOneSchema(url: string) {
  const client = createClient({ url });
  try {
    const tags = (await client.execute('SELECT tag FROM _migrations ORDER BY tag')).rows.map((r) => String(r.tag));
    expect(tags).toEqual(migrations.map((m) => m.tag));
  } finally {
    client.close();
  }
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('four instances starting together on a fresh database', () => {
  test(`embedded file: all come up and the migrations apply once (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const dir = mkdtempSync(join(tmpdir(), 'coinreel-migrate-race-'));
      dirs.push(dir);
      const url = `file:${join(dir, 'coinreel.db')}`;
      const results = await startTogether(url);
      expect(results.map((r) => (r.code === 0 ? 'ok' : r.err))).toEqual(Array(INSTANCES).fill('ok'));
      // Exactly one of them did the work; the others waited and found it done.
      expect(results.map((r) => r.applied).sort((a, b) => b - a)).toEqual([migrations.length, ...Array(INSTANCES - 1).fill(0)]);
      await expectOneSchema(url);
    }
  }, 120_000);

  test.skipIf(!sqldPath)(`libSQL server: all come up and the migrations apply once (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const sqld = await startSqld();
      try {
        const results = await startTogether(sqld.url);
        expect(results.map((r) => (r.code === 0 ? 'ok' : r.err))).toEqual(Array(INSTANCES).fill('ok'));
        expect(results.map((r) => r.applied).sort((a, b) => b - a)).toEqual([migrations.length, ...Array(INSTANCES - 1).fill(0)]);
        await expectOneSchema(sqld.url);
      } finally {
        await sqld.stop();
      }
    }
  }, 180_000);
});

describe('four whole servers started at once on a fresh database', () => {
  // The real start-up (config, database, migrations, seeding, listening), one process each, all spawned together.
  const startFour = async (url: string) => {
    const base = mkdtempSync(join(tmpdir(), 'coinreel-four-'));
    dirs.push(base);
    // Ports the system hands out as free (a random pick can meet another process's).
    const probes = Array.from({ length: INSTANCES }, () => Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response(null) }));
    const ports = probes.map((p) => String(p.port));
    for (const p of probes) p.stop(true);
    const env = (i: number) => ({ PORT: ports[i]!, DATABASE_URL: url, DATA_DIR: join(base, `data-${i}`), JWT_SECRET: 'four-instances-secret-four-instances-secret', CREDENTIAL_KEY: 'ab'.repeat(32) });
    const started = await Promise.allSettled(Array.from({ length: INSTANCES }, (_, i) => startServer(env(i))));
    const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    try {
      expect(started.map((s) => (s.status === 'fulfilled' ? 'up' : String(s.reason).split('\n').find((l) => /error/i.test(l)) ?? String(s.reason).slice(0, 200)))).toEqual(Array(INSTANCES).fill('up'));
      for (const s of servers) expect((await fetch(s.url + '/readyz')).status).toBe(200);
      await expectOneSchema(url);
    } finally {
      await Promise.all(servers.map((s) => s.kill()));
    }
  };

  test('embedded file', async () => {
    await startFour(`file:${join(mkdtempSync(join(tmpdir(), 'coinreel-four-db-')), 'coinreel.db')}`);
  }, 60_000);

  test.skipIf(!sqldPath)('libSQL server', async () => {
    const sqld = await startSqld();
    try {
      await startFour(sqld.url);
    } finally {
      await sqld.stop();
    }
  }, 60_000);
});
