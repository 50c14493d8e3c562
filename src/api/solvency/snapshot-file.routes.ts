import { Elysia } from 'elysia';
import { SNAPSHOT_ID } from '../../shared/solvency/scheme';
import type { SolvencyService } from '../../services/solvency/solvency-service';

const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

/**
 * GET /solvency/{id}.json: a published snapshot, to anyone, never changing (cached for a year, its ETag the file's
 * SHA-256). Stored gzip-compressed: sent as it is to a client that takes gzip, inflated on the way for one that does not.
 * Any site may fetch it (an independent verifier's page, say): it is public and carries nothing but the proof.
 */
export const snapshotFileRoutes = (solvency: SolvencyService) =>
  new Elysia({ name: 'solvency-files' }).get('/solvency/:file', async ({ params, request }) => {
    const m = /^(.+)\.json$/.exec(params.file);
    if (!m || !SNAPSHOT_ID.test(m[1]!)) return notFound();
    const s = await solvency.find(m[1]!);
    if (!s) return notFound();
    const etag = `"${s.fileSha256}"`;
    const headers: Record<string, string> = {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      etag,
      vary: 'accept-encoding',
      'access-control-allow-origin': '*',
    };
    if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
    const stored = solvency.file(s);
    if (/\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')) {
      return new Response(stored, { headers: { ...headers, 'content-encoding': 'gzip', 'content-length': String(s.gzipBytes) } });
    }
    return new Response(stored.pipeThrough(new DecompressionStream('gzip') as unknown as ReadableWritablePair<Uint8Array, Uint8Array>), { headers: { ...headers, 'content-length': String(s.jsonBytes) } });
  });
