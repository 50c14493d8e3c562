// A small S3-compatible server for tests: PUT, GET and DELETE of objects, path-style (/bucket/key), the requests
// Bun's S3 client sends. Every request is recorded (method, path, whether it was signed) for the test to check.
export type S3Double = { url: string; objects: Map<string, Uint8Array>; requests: { method: string; path: string; signed: boolean }[]; stop(): void };

export function startS3Double(bucket: string, accessKeyId: string): S3Double {
  const objects = new Map<string, Uint8Array>();
  const requests: S3Double['requests'] = [];
  const server = Bun.serve({
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      const auth = req.headers.get('authorization') ?? '';
      // AWS Signature V4, credential scoped to our key: enough to know the client signed with what it was given.
      const signed = auth.startsWith('AWS4-HMAC-SHA256 ') && auth.includes(`Credential=${accessKeyId}/`);
      requests.push({ method: req.method, path: url.pathname, signed });
      if (!signed) return new Response('<Error><Code>AccessDenied</Code></Error>', { status: 403 });
      const prefix = `/${bucket}/`;
      if (!url.pathname.startsWith(prefix)) return new Response('<Error><Code>NoSuchBucket</Code></Error>', { status: 404 });
      const key = decodeURIComponent(url.pathname.slice(prefix.length));
      if (req.method === 'PUT') {
        objects.set(key, new Uint8Array(await req.arrayBuffer()));
        return new Response(null, { status: 200, headers: { etag: '"x"' } });
      }
      if (req.method === 'GET') {
        const o = objects.get(key);
        return o ? new Response(o as BodyInit, { headers: { 'content-type': 'application/octet-stream' } }) : new Response('<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>', { status: 404, headers: { 'content-type': 'application/xml' } });
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        return new Response(null, { status: 204 });
      }
      return new Response(null, { status: 405 });
    },
  });
  return { url: `http://127.0.0.1:${server.port}`, objects, requests, stop: () => server.stop(true) };
}
