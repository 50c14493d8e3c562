// wrk (the yardstick's load client) run directly, for loads ratio.sh cannot describe: several servers at once.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export type WrkResult = { rps: number; p50Ms: number; p99Ms: number; requests: number; non2xx: number };

const ms = (v: string, unit: string) => Number(v) * (unit === 'us' ? 0.001 : unit === 's' ? 1000 : 1);

/** One wrk run POSTing `body` to `url` with `connections` for `seconds`, one thread. */
export async function wrkPost(url: string, o: { body: string; headers: Record<string, string>; connections: number; seconds: number }): Promise<WrkResult> {
  const script = join(mkdtempSync(join(tmpdir(), 'coinreel-wrk-')), 'post.lua');
  writeFileSync(script, [
    'wrk.method = "POST"',
    `wrk.body = ${JSON.stringify(o.body)}`,
    'wrk.headers["Content-Type"] = "application/json"',
    ...Object.entries(o.headers).map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`),
  ].join('\n'));
  const p = Bun.spawn(['wrk', '-t1', `-c${o.connections}`, `-d${o.seconds}s`, '--latency', '-s', script, url], { stdout: 'pipe', stderr: 'pipe' });
  const out = await new Response(p.stdout).text();
  await p.exited;
  rmSync(dirname(script), { recursive: true, force: true });
  const pick = (re: RegExp) => re.exec(out);
  const p50 = pick(/^\s+50%\s+([\d.]+)(us|ms|s)/m);
  const p99 = pick(/^\s+99%\s+([\d.]+)(us|ms|s)/m);
  const rps = pick(/^Requests\/sec:\s+([\d.]+)/m);
  const total = pick(/^\s+(\d+) requests in/m);
  const non2xx = pick(/Non-2xx or 3xx responses:\s+(\d+)/m);
  if (!rps || !p99 || !p50) throw new Error(`wrk printed no figures:\n${out}`);
  return { rps: Number(rps[1]), p50Ms: ms(p50[1]!, p50[2]!), p99Ms: ms(p99[1]!, p99[2]!), requests: Number(total?.[1] ?? 0), non2xx: Number(non2xx?.[1] ?? 0) };
}
