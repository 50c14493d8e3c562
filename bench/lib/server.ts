// Starts a server under test in its own process on a free loopback port and times it to its first 200.
import type { Subprocess } from 'bun';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { smtpSinkUrl } from './smtp-sink';

export const root = resolve(import.meta.dir, '../..');

export type Running = { base: string; readyMs: number; proc: Subprocess; stop(): Promise<void> };

/** A port nothing listens on right now (the OS picks it; the caller binds it a moment later). */
export function freePort(): number {
  const probe = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response(null) });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

/**
 * Spawns `cmd` with PORT set, in a fresh temp folder for its data, and polls `readyPath` until it answers 200.
 * readyMs runs from just before the spawn to that first 200.
 */
export async function startServer(
  cmd: string[],
  opts: { cwd?: string; env?: Record<string, string>; readyPath?: string; timeoutMs?: number } = {},
): Promise<Running> {
  const dir = mkdtempSync(join(tmpdir(), 'coinreel-bench-'));
  const port = freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: dir,
    PORT: String(port),
    DATA_DIR: join(dir, 'data'),
    DATABASE_URL: `file:${join(dir, 'data/coinreel.db')}`,
    ...opts.env,
  };
  // Production needs its secrets from the environment and real mail: a key made for this run, a discarding SMTP server.
  if (env.NODE_ENV === 'production') {
    env.CREDENTIAL_KEY ??= Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex');
    env.DOCUMENT_KEY ??= Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex');
    env.SMTP_URL ??= await smtpSinkUrl();
    // Benchmarks take no real payments: production starts on the sandbox only when told so (docs/decisions/sandbox-controls.md).
    if (!env.BTCPAY_URL) env.PAYMENTS_SANDBOX_IN_PRODUCTION ??= 'on';
  }
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const proc = Bun.spawn(cmd, { cwd: opts.cwd ?? dir, env, stdin: 'ignore', stdout: 'ignore', stderr: 'pipe' });
  const deadline = started + (opts.timeoutMs ?? 15_000);
  let readyMs = -1;
  while (performance.now() < deadline && proc.exitCode === null) {
    const ok = await fetch(base + (opts.readyPath ?? '/healthz')).then((r) => r.status === 200, () => false);
    if (ok) {
      readyMs = performance.now() - started;
      break;
    }
    await Bun.sleep(2);
  }
  const stop = async () => {
    proc.kill();
    await proc.exited;
    rmSync(dir, { recursive: true, force: true });
  };
  if (readyMs < 0) {
    const err = await new Response(proc.stderr).text().catch(() => '');
    await stop();
    throw new Error(`${cmd.join(' ')} did not answer 200 on ${base}: ${err.slice(0, 500)}`);
  }
  return { base, readyMs, proc, stop };
}
