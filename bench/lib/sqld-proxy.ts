/**
 * A counting HTTP proxy in front of a libSQL server: every request the app sends to sqld passes here and is
 * counted, with the statements it carries, so a bench or test can say what a transfer cost. It forwards bodies
 * and answers as they are.
 */
export type CountingProxy = {
  url: string;
  requests: () => number;
  /** Statements sent (each `execute`, and each step of a `batch`), in all and per request since the last reset. */
  statements: () => number;
  perRequest: () => number[];
  reset: () => void;
  stop: () => void;
};

type Pipeline = { requests?: { type?: string; batch?: { steps?: unknown[] } }[] };

/** The statements one Hrana pipeline request carries (0 for a body that is not one). */
function statementsIn(body: ArrayBuffer): number {
  try {
    const p = JSON.parse(new TextDecoder().decode(body)) as Pipeline;
    return (p.requests ?? []).reduce((n, r) => n + (r.type === 'execute' ? 1 : r.type === 'batch' ? (r.batch?.steps?.length ?? 0) : 0), 0);
  } catch {
    return 0;
  }
}

export function startCountingProxy(target: string): CountingProxy {
  let count = 0;
  let each: number[] = [];
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const u = new URL(req.url);
      const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.arrayBuffer();
      // Hrana's requests: the pipelines and cursors that carry statements (the version probe is not one).
      if (req.method === 'POST') {
        count++;
        each.push(body ? statementsIn(body) : 0);
      }
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
  return {
    url: `http://127.0.0.1:${server.port}`,
    requests: () => count,
    statements: () => each.reduce((a, b) => a + b, 0),
    perRequest: () => [...each],
    reset: () => void ((count = 0), (each = [])),
    stop: () => server.stop(true),
  };
}
