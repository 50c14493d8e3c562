// Load generator, run in its own process so it never shares an event loop with the server it measures.
// Usage: bun bench/lib/load.ts <url> <seconds> <connections> [headers-json]
// Prints {"requests":n,"seconds":s,"rps":r,"errors":e}. Each connection is one keep-alive fetch loop.
const [url, secondsArg, connectionsArg, headersArg] = process.argv.slice(2);
if (!url || !url.startsWith('http://127.0.0.1:')) throw new Error('load.ts measures loopback servers only');
const seconds = Math.min(Number(secondsArg ?? 3), 30);
const connections = Math.min(Number(connectionsArg ?? 32), 256);
const headers: Record<string, string> = headersArg ? JSON.parse(headersArg) : {};
const warmupMs = 500;

let requests = 0;
let errors = 0;
const t0 = performance.now();
const from = t0 + warmupMs;
const until = from + seconds * 1000;

async function loop() {
  while (performance.now() < until) {
    try {
      const res = await fetch(url!, { headers, decompress: false } as RequestInit);
      await res.arrayBuffer();
      if (performance.now() >= from) res.status === 200 ? requests++ : errors++;
    } catch {
      errors++;
    }
  }
}
await Promise.all(Array.from({ length: connections }, loop));
const elapsed = (performance.now() - from) / 1000;
console.log(JSON.stringify({ requests, seconds: elapsed, rps: requests / elapsed, errors }));
export {};
