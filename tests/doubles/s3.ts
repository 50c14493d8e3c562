// A small S3-compatible server for tests: PUT, GET and DELETE of objects, path-style (/bucket/key), and multipart
// uploads (CreateMultipartUpload POST ?uploads, UploadPart PUT ?partNumber&uploadId, CompleteMultipartUpload POST
// ?uploadId, AbortMultipartUpload DELETE ?uploadId), the requests Bun's S3 client sends. Every request is recorded
// (method, path, query, whether it was signed, body size) for the test to check.
export type S3Double = {
  url: string; objects: Map<string, Uint8Array>; uploads: Map<string, { key: string; parts: Map<number, Uint8Array> }>;
  requests: { method: string; path: string; query: string; signed: boolean; bytes: number }[]; stop(): void;
};

const xml = (body: string, status = 200) => new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`, { status, headers: { 'content-type': 'application/xml' } });

export function startS3Double(bucket: string, accessKeyId: string): S3Double {
  const objects = new Map<string, Uint8Array>();
  const uploads: S3Double['uploads'] = new Map();
  const requests: S3Double['requests'] = [];
  let n = 0;
  const server = Bun.serve({
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      const auth = req.headers.get('authorization') ?? '';
      // AWS Signature V4, credential scoped to our key: enough to know the client signed with what it was given.
      const signed = auth.startsWith('AWS4-HMAC-SHA256 ') && auth.includes(`Credential=${accessKeyId}/`);
      const body = req.method === 'PUT' || req.method === 'POST' ? new Uint8Array(await req.arrayBuffer()) : new Uint8Array();
      requests.push({ method: req.method, path: url.pathname, query: url.search, signed, bytes: body.length });
      if (!signed) return new Response('<Error><Code>AccessDenied</Code></Error>', { status: 403 });
      const prefix = `/${bucket}/`;
      if (!url.pathname.startsWith(prefix)) return new Response('<Error><Code>NoSuchBucket</Code></Error>', { status: 404 });
      const key = decodeURIComponent(url.pathname.slice(prefix.length));
      const q = url.searchParams;
      if (req.method === 'POST' && q.has('uploads')) {
        const id = `upload-${++n}`;
        uploads.set(id, { key, parts: new Map() });
        return xml(`<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`);
      }
      const upload = q.has('uploadId') ? uploads.get(q.get('uploadId')!) : undefined;
      if (q.has('uploadId') && (!upload || upload.key !== key)) return xml('<Error><Code>NoSuchUpload</Code></Error>', 404);
      if (req.method === 'PUT' && upload) {
        const part = Number(q.get('partNumber'));
        upload.parts.set(part, body);
        return new Response(null, { status: 200, headers: { etag: `"part-${part}"` } });
      }
      if (req.method === 'POST' && upload) {
        // The parts the client lists, in its order; each must have been uploaded.
        const listed = [...new TextDecoder().decode(body).matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) => Number(m[1]));
        if (!listed.length || listed.some((p) => !upload.parts.has(p))) return xml('<Error><Code>InvalidPart</Code></Error>', 400);
        const whole = new Uint8Array(listed.reduce((t, p) => t + upload.parts.get(p)!.length, 0));
        let at = 0;
        for (const p of listed) (whole.set(upload.parts.get(p)!, at), (at += upload.parts.get(p)!.length));
        objects.set(key, whole);
        uploads.delete(q.get('uploadId')!);
        return xml(`<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><ETag>"whole"</ETag></CompleteMultipartUploadResult>`);
      }
      if (req.method === 'DELETE' && upload) {
        uploads.delete(q.get('uploadId')!);
        return new Response(null, { status: 204 });
      }
      if (req.method === 'PUT') {
        objects.set(key, body);
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
  return { url: `http://127.0.0.1:${server.port}`, objects, uploads, requests, stop: () => server.stop(true) };
}
