// Start-up failures a self-hoster can fix are one plain line on stderr with the fix, and exit 1: no stack trace.
import { describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startServer } from './helpers/server-process';

const root = resolve(import.meta.dir, '..');

/** `bun src/main.ts` with env; its exit code and stderr once it has stopped by itself. */
async function start(env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'coinreel-start-'));
  const proc = Bun.spawn([process.execPath, 'src/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dir, DATABASE_URL: `file:${join(dir, 'coinreel.db')}`, ...env },
    stdout: 'ignore',
    stderr: 'pipe',
  });
  const timer = setTimeout(() => proc.kill(), 15_000);
  const code = await proc.exited;
  clearTimeout(timer);
  return { code, err: (await new Response(proc.stderr).text()).trim() };
}

describe('start-up failures', () => {
  test('a port in use', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coinreel-first-'));
    const first = await startServer({ DATA_DIR: dir, DATABASE_URL: `file:${join(dir, 'first.db')}` });
    try {
      const port = new URL(first.url).port;
      const r = await start({ PORT: port });
      expect(r).toEqual({ code: 1, err: `Port ${port} is in use: set PORT or stop the other process.` });
    } finally {
      await first.kill();
    }
  });

  test('a bad variable names it and says how to fix it', async () => {
    const r = await start({ PORT: 'eighty' });
    expect(r.code).toBe(1);
    expect(r.err).toBe('Invalid configuration: PORT: Invalid input: expected number, received NaN. Fix PORT or unset it for the default.');
    const prod = await start({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) });
    // Every missing one at once, on one line.
    expect(prod.err.split('\n')).toEqual(['Invalid configuration: CREDENTIAL_KEY: required in production. Set it to 64 hex characters (e.g. openssl rand -hex 32) and keep it safe; SMTP_URL: required in production (the mail outbox in DATA_DIR is for development only). Set it to your smtp:// or smtps:// server.']);
  });

  test('a file that is not a database, and a folder where the database should be', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coinreel-baddb-'));
    const junk = join(dir, 'junk.db');
    writeFileSync(junk, 'not a database '.repeat(500));
    const r = await start({ DATABASE_URL: `file:${junk}` });
    expect(r).toEqual({ code: 1, err: `Cannot read the database at file:${junk} (DATABASE_URL): the file is not a database. Point DATABASE_URL at a Coinreel database, or move that file away to start afresh.` });
    const folder = join(dir, 'folder.db');
    mkdirSync(folder);
    const f = await start({ DATABASE_URL: `file:${folder}` });
    expect(f.code).toBe(1);
    expect(f.err).toBe(`Cannot read the database at file:${folder} (DATABASE_URL): it cannot be opened (a folder, or no permission to read it). Point DATABASE_URL at a Coinreel database, or move that file away to start afresh.`);
  });
});
