// One visitor page's exact bytes and headers (read from the product by pages.bench.ts) served three ways, so
// the bench can show how far the fastest Bun path allows a page of that size to go: Bun's native static route
// (no JavaScript per request), a handler that only returns a clone of the prepared answer, and one that also
// reads the request's headers as the product's fast path must (a session cookie, a bearer token, a validator
// and the accepted encodings). Listens on 127.0.0.1:$PORT and prints "port=N" once ready.
import { readFileSync } from 'node:fs';

const body = readFileSync(process.env.PAGE_FILE!);
const headers = JSON.parse(process.env.PAGE_HEADERS!) as Record<string, string>;
const prepared = new Response(new Blob([body]), { headers });

const server = Bun.serve({
  hostname: '127.0.0.1',
  port: Number(process.env.PORT ?? 0),
  routes: {
    '/native': prepared,
    '/handler': () => prepared.clone(),
    '/handler-reading-headers': (req) => {
      const h = req.headers;
      if (h.get('cookie') !== null || h.get('authorization') !== null || h.get('if-none-match') !== null || h.get('accept-encoding') !== null)
        return new Response('not a plain visit', { status: 400 });
      return prepared.clone();
    },
  },
  fetch: () => new Response('not found', { status: 404 }),
});
console.log(`port=${server.port}`);
