// P2P load generator in its own process. Usage: bun bench/lib/p2p-load.ts <config.json>
// config: {url, seconds, connections, players:[{token,email}]}. Prints {transfers, rps, p50, p99, errors, statuses}.
type Config = { url: string; seconds: number; connections: number; players: { token: string; email: string }[] };
const cfg: Config = JSON.parse(await Bun.file(process.argv[2]!).text());
if (!cfg.url.startsWith('http://127.0.0.1:')) throw new Error('loopback servers only');
const warmupMs = 500;
const t0 = performance.now();
const from = t0 + warmupMs;
const until = from + Math.min(cfg.seconds, 30) * 1000;
const latencies: number[] = [];
const statuses: Record<number, number> = {};
let errors = 0;

async function loop(i: number) {
  const me = cfg.players[i % cfg.players.length]!;
  for (let n = 0; performance.now() < until; n++) {
    const to = cfg.players[(i + 1 + (n % (cfg.players.length - 1))) % cfg.players.length]!;
    const start = performance.now();
    try {
      const r = await fetch(cfg.url + '/api/v1/transfer/p2p-transfer', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${me.token}` },
        body: JSON.stringify({ email: to.email, amount: 0.01 }),
      });
      await r.arrayBuffer();
      if (start >= from) {
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        if (r.status === 200) latencies.push(performance.now() - start);
      }
    } catch {
      errors++;
    }
  }
}
await Promise.all(Array.from({ length: Math.min(cfg.connections, 256) }, (_, i) => loop(i)));
const elapsed = (performance.now() - from) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
console.log(JSON.stringify({ transfers: latencies.length, rps: latencies.length / elapsed, p50: pct(0.5), p99: pct(0.99), errors, statuses }));
export {};
