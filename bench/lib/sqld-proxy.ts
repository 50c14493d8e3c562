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
  /** Per request since the last reset: whether it continued a stream (carried a baton) rather than opening one. */
  continued: () => boolean[];
  /** The next request that continues a stream gets a baton sqld does not know (as after a restart of sqld). */
  spoilNextBaton: () => void;
  reset: () => void;
  stop: () => void;
};

type Pipeline = { baton?: string | null; requests?: { type?: string; batch?: { steps?: unknown[] } }[] };

const pipelineOf = (body: ArrayBuffer): Pipeline | null => {
  try {
    return JSON.parse(new TextDecoder().decode(body)) as Pipeline;
  } catch {
    return null;
  }
};

/** The statements one Hrana pipeline request carries. */
const statementsIn = (p: Pipeline | null): number =>
  (p?.requests ?? []).reduce((n, r) => n + (r.type === 'execute' ? 1 : r.type === 'batch' ? (r.batch?.steps?.length ?? 0) : 0), 0);

export function startCountingProxy(target: string): CountingProxy {
  let count = 0;
  let each: number[] = [];
  let batons: boolean[] = [];
  let spoil = false;
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const u = new URL(req.url);
      let body: ArrayBuffer | string | undefined = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.arrayBuffer();
      // Hrana's requests: the pipelines and cursors that carry statements (the version probe is not one).
      if (req.method === 'POST' && body) {
        count++;
        const p = pipelineOf(body);
        each.push(statementsIn(p));
        batons.push(!!p?.baton);
        if (p?.baton && spoil) {
          spoil = false;
          // Well formed, signed by no server: sqld refuses it as it refuses the baton of a stream it has forgotten.
          body = JSON.stringify({ ...p, baton: Buffer.from(crypto.getRandomValues(new Uint8Array(48))).toString('base64').replace(/=+$/, '') });
        }
      }
      const headers = new Headers(req.headers);
      headers.delete('host');
      headers.delete('content-length');
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
    continued: () => [...batons],
    spoilNextBaton: () => void (spoil = true),
    reset: () => void ((count = 0), (each = []), (batons = [])),
    stop: () => server.stop(true),
  };
}
