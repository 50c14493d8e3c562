import type { Server } from 'bun';
import type { App } from './app';
import { recordPeer } from './http/client-ip';
import { UPLOAD_MAX_BYTES } from './http/finish';

/**
 * Serves the app on a port: the answers that are the same for everyone from Bun's own router (`app.routes`,
 * matched before any JavaScript of ours runs), the /ws socket upgrade, the client address for rate limits,
 * everything else through `app.handle`. main.ts and the tests that need a real port serve it the same way.
 */
export function serveApp(app: App, opts: { port: number; hostname?: string }) {
  const options = {
    port: opts.port,
    hostname: opts.hostname,
    // Room for identity uploads; every other route is still held to 1 MB by withFinish (http/finish.ts).
    maxRequestBodySize: UPLOAD_MAX_BYTES + 1_000_000,
    websocket: app.socket.websocket,
    routes: app.routes,
    fetch(req: Request, srv: Server<unknown>) {
      recordPeer(req, srv);
      // The cheap test first: parsing every URL just to rule out the socket cost more than the rest of this.
      if (req.url.includes('/ws') && new URL(req.url).pathname === '/ws') return app.socket.upgrade(req, srv);
      return app.handle(req);
    },
  };
  const server = Bun.serve(options);
  // Bun keeps its own copy of `routes`: when one changes (/healthz once the database probe turns), they are handed
  // over again. reload() replaces every option, so it gets all of them.
  const unwatch = app.watchRoutes(() => server.reload({ ...options, routes: app.routes }));
  const stop = server.stop.bind(server);
  server.stop = (closeActiveConnections?: boolean) => {
    unwatch();
    return stop(closeActiveConnections);
  };
  return server;
}
