import { Elysia } from 'elysia';

// What the finishing wrapper needs to know about a request that only the framework learns: the route pattern it
// matched. Kept beside the request, not on it, so nothing else can read or forge it.
const routes = new WeakMap<Request, string>();
const ids = new WeakMap<Request, string>();

/** The route pattern a request matched (`/api/v1/players/:id`), or null when none did. */
export const routeOf = (req: Request): string | null => routes.get(req) ?? null;

export const requestIdOf = (req: Request): string | undefined => ids.get(req);
export const setRequestId = (req: Request, id: string) => void ids.set(req, id);

// An id the caller (a proxy, a load balancer) already gave the request is kept so lines join up across hops;
// anything else is replaced, since it goes into every log line of the request.
const SANE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The request's id: a sane incoming X-Request-Id, or eight new hex digits (not a secret). */
export function requestIdFor(req: Request): string {
  const incoming = req.headers.get('x-request-id');
  if (incoming !== null && SANE_ID.test(incoming)) return incoming;
  return ((Math.random() * 0x100000000) >>> 0).toString(16).padStart(8, '0');
}

/** Records the matched route pattern of every request, for the log line and the request metrics. */
export const routeLabelPlugin = () =>
  new Elysia({ name: 'route-label' }).onTransform({ as: 'global' }, ({ request, route }) => {
    routes.set(request, route);
  });
