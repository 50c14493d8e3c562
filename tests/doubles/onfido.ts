// A local Onfido (API v3.6) for tests: applicants, documents and live photos (multipart), checks, and the
// check.completed webhook signed the way Onfido signs it (X-SHA2-Signature: hex HMAC-SHA256 of the raw body).
import { createHmac } from 'node:crypto';

export type OnfidoDouble = {
  url: string;
  /** What was posted, in order: the path and, for uploads, the form fields (files as name/type/size). */
  requests: { method: string; path: string; auth: string | null; fields?: Record<string, unknown> }[];
  checks: Map<string, { applicantId: string; status: string; result: string | null }>;
  /** Finishes a check with `result` and delivers check.completed to `webhookUrl` (signed with `token`, or as given). */
  complete(checkId: string, result: 'clear' | 'consider', deliver: (body: string, headers: Record<string, string>) => Promise<Response>, signature?: string | null): Promise<Response>;
  stop(): void;
};

export function startOnfidoDouble(apiToken: string, webhookToken: string): OnfidoDouble {
  const requests: OnfidoDouble['requests'] = [];
  const checks: OnfidoDouble['checks'] = new Map();
  const applicants = new Set<string>();
  let n = 0;
  const id = (p: string) => `${p}-${++n}`;
  const json = (status: number, body: unknown) => Response.json(body, { status });
  const server = Bun.serve({
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      const auth = req.headers.get('authorization');
      const entry: OnfidoDouble['requests'][number] = { method: req.method, path: url.pathname, auth };
      requests.push(entry);
      if (auth !== `Token token=${apiToken}`) return json(401, { error: { type: 'authorization_error', message: 'Authorization error' } });
      if (req.method === 'POST' && url.pathname === '/v3.6/applicants') {
        const b = (await req.json()) as Record<string, any>;
        entry.fields = b;
        if (!b.first_name || !b.last_name) return json(422, { error: { type: 'validation_error' } });
        const a = id('applicant');
        applicants.add(a);
        return json(201, { id: a, first_name: b.first_name, last_name: b.last_name });
      }
      if (req.method === 'POST' && (url.pathname === '/v3.6/documents' || url.pathname === '/v3.6/live_photos')) {
        if (!(req.headers.get('content-type') ?? '').startsWith('multipart/form-data')) return json(422, { error: { type: 'validation_error' } });
        const f = await req.formData();
        const fields: Record<string, unknown> = {};
        for (const [k, v] of f) fields[k] = typeof v === 'string' ? v : { name: v.name, type: v.type, size: v.size };
        entry.fields = fields;
        if (!applicants.has(String(f.get('applicant_id'))) || typeof f.get('file') === 'string' || !f.get('file')) return json(422, { error: { type: 'validation_error' } });
        return json(201, { id: id(url.pathname.includes('live') ? 'photo' : 'document') });
      }
      if (req.method === 'POST' && url.pathname === '/v3.6/checks') {
        const b = (await req.json()) as Record<string, any>;
        entry.fields = b;
        if (!applicants.has(b.applicant_id)) return json(422, { error: { type: 'validation_error' } });
        const c = id('check');
        checks.set(c, { applicantId: b.applicant_id, status: 'in_progress', result: null });
        return json(201, { id: c, status: 'in_progress', result: null });
      }
      const m = /^\/v3\.6\/checks\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && m) {
        const c = checks.get(m[1]!);
        return c ? json(200, { id: m[1], status: c.status, result: c.result, applicant_id: c.applicantId }) : json(404, { error: { type: 'resource_not_found' } });
      }
      return json(404, { error: { type: 'resource_not_found' } });
    },
  });
  const url = `http://127.0.0.1:${server.port}`;
  return {
    url, requests, checks,
    async complete(checkId, result, deliver, signature) {
      const c = checks.get(checkId)!;
      c.status = 'complete';
      c.result = result;
      const body = JSON.stringify({ payload: { resource_type: 'check', action: 'check.completed', object: { id: checkId, status: 'complete', href: `${url}/v3.6/checks/${checkId}` } } });
      const sig = signature === undefined ? createHmac('sha256', webhookToken).update(body).digest('hex') : signature;
      return deliver(body, { 'content-type': 'application/json', ...(sig !== null && { 'x-sha2-signature': sig }) });
    },
    stop: () => server.stop(true),
  };
}
