// A local Onfido (API v3.6) for tests: applicants, documents and live photos (multipart), checks with their
// reports (GET /reports?check_id=, shaped as onfido-openapi-spec's schemas/reports), and the check.completed webhook
// signed the way Onfido signs it (X-SHA2-Signature: hex HMAC-SHA256 of the raw body). The document report's
// `properties.address_lines` is what Onfido read from the ID: by default the address the applicant was created with
// (an ID that says what the player typed), none for a passport, or what a test sets with `documentAddress`.
import { createHmac } from 'node:crypto';

export type OnfidoDouble = {
  url: string;
  /** What was posted, in order: the path and, for uploads, the form fields (files as name/type/size). */
  requests: { method: string; path: string; auth: string | null; fields?: Record<string, unknown> }[];
  checks: Map<string, { applicantId: string; status: string; result: string | null; reportNames: string[] }>;
  /** Sets what the document report reads from the ID's address for a check (null: no address on it). */
  documentAddress(checkId: string, lines: Record<string, string> | null): void;
  /** Finishes a check with `result` and delivers check.completed to `webhookUrl` (signed with `token`, or as given). */
  complete(checkId: string, result: 'clear' | 'consider', deliver: (body: string, headers: Record<string, string>) => Promise<Response>, signature?: string | null): Promise<Response>;
  stop(): void;
};

export function startOnfidoDouble(apiToken: string, webhookToken: string): OnfidoDouble {
  const requests: OnfidoDouble['requests'] = [];
  const checks: OnfidoDouble['checks'] = new Map();
  // Each applicant's address as created, and the type of ID document uploaded for it.
  const applicants = new Map<string, { address: Record<string, string>; documentType: string | null }>();
  const readAddress = new Map<string, Record<string, string> | null>();
  const reportIds = new Map<string, string[]>();
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
        applicants.set(a, { address: b.address ?? {}, documentType: null });
        return json(201, { id: a, first_name: b.first_name, last_name: b.last_name });
      }
      if (req.method === 'POST' && (url.pathname === '/v3.6/documents' || url.pathname === '/v3.6/live_photos')) {
        if (!(req.headers.get('content-type') ?? '').startsWith('multipart/form-data')) return json(422, { error: { type: 'validation_error' } });
        const f = await req.formData();
        const fields: Record<string, unknown> = {};
        for (const [k, v] of f) fields[k] = typeof v === 'string' ? v : { name: v.name, type: v.type, size: v.size };
        entry.fields = fields;
        const applicant = applicants.get(String(f.get('applicant_id')));
        if (!applicant || typeof f.get('file') === 'string' || !f.get('file')) return json(422, { error: { type: 'validation_error' } });
        if (url.pathname === '/v3.6/documents') applicant.documentType = String(f.get('type'));
        return json(201, { id: id(url.pathname.includes('live') ? 'photo' : 'document') });
      }
      if (req.method === 'POST' && url.pathname === '/v3.6/checks') {
        const b = (await req.json()) as Record<string, any>;
        entry.fields = b;
        if (!applicants.has(b.applicant_id)) return json(422, { error: { type: 'validation_error' } });
        const c = id('check');
        const reportNames = Array.isArray(b.report_names) ? b.report_names.map(String) : [];
        checks.set(c, { applicantId: b.applicant_id, status: 'in_progress', result: null, reportNames });
        reportIds.set(c, reportNames.map(() => id('report')));
        return json(201, { id: c, status: 'in_progress', result: null, report_ids: reportIds.get(c) });
      }
      const m = /^\/v3\.6\/checks\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && m) {
        const c = checks.get(m[1]!);
        return c ? json(200, { id: m[1], status: c.status, result: c.result, applicant_id: c.applicantId, report_ids: reportIds.get(m[1]!) }) : json(404, { error: { type: 'resource_not_found' } });
      }
      if (req.method === 'GET' && url.pathname === '/v3.6/reports') {
        const checkId = url.searchParams.get('check_id') ?? '';
        const c = checks.get(checkId);
        if (!c) return json(404, { error: { type: 'resource_not_found' } });
        return json(200, { reports: c.reportNames.map((name, i) => reportOf(checkId, c, name, reportIds.get(checkId)![i]!)) });
      }
      return json(404, { error: { type: 'resource_not_found' } });
    },
  });
  // A report as Onfido returns it (report_shared + document_report_shared): a document report carries what was read
  // from the ID in `properties`, with `address_lines` only when the ID has an address.
  function reportOf(checkId: string, c: OnfidoDouble['checks'] extends Map<string, infer V> ? V : never, name: string, reportId: string) {
    const done = c.status === 'complete';
    const base = { id: reportId, name, check_id: checkId, status: done ? 'complete' : 'awaiting_data', result: done ? c.result : null, href: `/v3.6/reports/${reportId}`, created_at: new Date().toISOString() };
    if (name !== 'document') return { ...base, sub_result: null, breakdown: {}, properties: {} };
    const a = applicants.get(c.applicantId)!;
    const given = { street_address: a.address.street ?? '', city: a.address.town ?? '', state: a.address.state ?? '', postal_code: a.address.postcode ?? '', country: 'USA', country_code: 'USA' };
    const lines = readAddress.has(checkId) ? readAddress.get(checkId)! : a.documentType === 'passport' ? null : given;
    return { ...base, sub_result: done ? (c.result === 'clear' ? 'clear' : 'caution') : null, breakdown: {}, documents: [],
      properties: { document_type: a.documentType, issuing_country: 'USA', ...(lines && { address_lines: lines }) } };
  }

  const url = `http://127.0.0.1:${server.port}`;
  return {
    url, requests, checks,
    documentAddress: (checkId, lines) => void readAddress.set(checkId, lines),
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
