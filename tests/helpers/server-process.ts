import type { Subprocess } from 'bun';
import { resolve } from 'node:path';
import { AML_OFF } from './aml';

export type ServerProcess = { url: string; proc: Subprocess; kill(signal?: NodeJS.Signals): Promise<void> };

const root = resolve(import.meta.dir, '../..');

/**
 * The real server in its own process (this same bun running src/main.ts), ready once /healthz answers. Without a
 * PORT it takes a random one, and another if that one turns out to be in use (an outgoing connection of this
 * machine may hold it).
 */
export async function startServer(env: Record<string, string>, timeoutMs = 15_000): Promise<ServerProcess> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await startOnce(env, timeoutMs);
    } catch (e) {
      if (env.PORT || attempt >= 4 || !(e instanceof Error) || !e.message.includes('is in use')) throw e;
    }
  }
}

async function startOnce(env: Record<string, string>, timeoutMs: number): Promise<ServerProcess> {
  const port = env.PORT ?? String(20_000 + Math.floor(Math.random() * 12_000));
  const proc = Bun.spawn([process.execPath, 'src/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', IDENTITY_REQUIRED_FOR: 'none', TAX_DETAILS_THRESHOLD_DOLLARS: '1000000000', ...AML_OFF, ...env, PORT: port },
    stdout: 'ignore',
    stderr: 'pipe',
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}: ${await new Response(proc.stderr as ReadableStream).text()}`);
    try {
      if ((await fetch(url + '/healthz')).ok) break;
    } catch {}
    await Bun.sleep(50);
  }
  return {
    url,
    proc,
    async kill(signal = 'SIGTERM') {
      proc.kill(signal);
      await proc.exited;
    },
  };
}
