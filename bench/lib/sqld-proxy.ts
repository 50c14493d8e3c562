/**
 * A counting HTTP proxy in front of a libSQL server: every request the app sends to sqld passes here and is
 * counted, so a bench or test can say how many requests a transfer cost. It forwards bodies and answers as they are.
 */
export type CountingProxy = { url: string; requests: () => number; reset: () => void; stop: () => void };

export function startCountingProxy(target: string): CountingProxy {
  let count = 0;
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const u = new URL(req.url);
      // Hrana's requests: the pipelines and cursors that carry statements (the version probe is not one).
      if (req.method === 'POST') count++;
      const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.arrayBuffer();
      const headers = new Headers(req.headers);
      headers.delete('host');
      const r = await fetch(target + u.pathname + u.search, { method: req.method, headers, body });
      const out = new Headers(r.headers);
      // fetch has already decoded the body.
      out.delete('content-encoding');
      out.delete('content-length');
      return new Response(r.body, { status: r.status, headers: out });
    },
  });
  return { url: `http://127.0.0.1:${server.port}`, requests: () => count, reset: () => void (count = 0), stop: () => server.stop(true) };
}
