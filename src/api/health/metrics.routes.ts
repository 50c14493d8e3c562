import { Elysia } from 'elysia';
import type { SiteMetrics } from '../../lib/site-metrics';
import { type Cidr, inRanges } from '../../http/cidr';
import { clientIp } from '../../http/client-ip';

type MetricsDeps = { metrics: SiteMetrics; allow: Cidr[]; trustedHeader?: string };

// Anyone else gets the answer an unknown path gets, so the endpoint does not announce itself.
const notFound = () => new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

/** GET /metrics in Prometheus' text format, for the addresses of METRICS_ALLOW only (client-ip.ts's notion of the client). */
export const metricsRoutes = (d: MetricsDeps) =>
  new Elysia({ name: 'metrics-routes' }).get('/metrics', ({ request }) => {
    if (!inRanges(clientIp(request, d.trustedHeader), d.allow)) return notFound();
    return new Response(d.metrics.registry.render(), { headers: { 'content-type': 'text/plain; version=0.0.4; charset=utf-8', 'cache-control': 'no-store' } });
  });
