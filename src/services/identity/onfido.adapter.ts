import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CheckApplicant, CheckDocument, IdentityCheck, VendorVerdict } from './identity-check.port';
import { stateCodeOf } from './us-states';

export type OnfidoSettings = { apiUrl: string; apiToken: string; webhookToken: string; fetch?: typeof fetch };

// Our ID types in Onfido's document type names.
const DOC_TYPE: Record<string, string> = { driving_licence: 'driving_licence', state_id: 'national_identity_card', passport: 'passport' };
const EXT: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' };

export class OnfidoError extends Error {}

/**
 * Onfido's API v3.6 (docs/decisions/identity.md): an applicant, its documents and live photo, then a check with the
 * document and facial-similarity reports. Its webhook (check.completed, signed with X-SHA2-Signature, the hex
 * HMAC-SHA256 of the raw body under the webhook token) is answered by reading the check's result; a `clear` one also
 * reads the document report's extracted address (`properties.address_lines`), since the reports check the ID and the
 * face, not the address the player typed.
 */
export function createOnfidoCheck(s: OnfidoSettings): IdentityCheck {
  const f = s.fetch ?? fetch;
  const base = `${s.apiUrl.replace(/\/+$/, '')}/v3.6`;
  const auth = { authorization: `Token token=${s.apiToken}` };
  async function call(method: string, path: string, body?: BodyInit, json = false): Promise<Record<string, any>> {
    const res = await f(`${base}${path}`, { method, headers: { ...auth, ...(json && { 'content-type': 'application/json' }) }, body, signal: AbortSignal.timeout(15_000) });
    if (!res.ok) throw new OnfidoError(`Onfido ${method} ${path.split('/')[1]} answered ${res.status}`);
    return (await res.json()) as Record<string, any>;
  }
  return {
    name: 'onfido',
    async start(a: CheckApplicant, documents: CheckDocument[]) {
      const [first, ...rest] = a.legalName.split(' ');
      const applicant = await call('POST', '/applicants', JSON.stringify({
        first_name: first, last_name: rest.join(' ') || first, dob: a.dateOfBirth,
        address: { street: a.address.line1, sub_street: a.address.line2 ?? undefined, town: a.address.city, state: a.address.state, postcode: a.address.postalCode, country: 'USA' },
      }), true);
      const applicantId = String(applicant.id);
      for (const d of documents) {
        const form = new FormData();
        form.set('applicant_id', applicantId);
        form.set('file', new Blob([(await d.read()) as BlobPart], { type: d.type }), `${d.part}.${EXT[d.type] ?? 'bin'}`);
        if (d.part === 'selfie') {
          await call('POST', '/live_photos', form);
        } else {
          form.set('type', DOC_TYPE[a.idType] ?? 'unknown');
          form.set('side', d.part);
          form.set('issuing_country', 'USA');
          await call('POST', '/documents', form);
        }
      }
      const check = await call('POST', '/checks', JSON.stringify({ applicant_id: applicantId, report_names: ['document', 'facial_similarity_photo'] }), true);
      return String(check.id);
    },
    async verdict(rawBody: string, headers: Headers): Promise<VendorVerdict | null> {
      const given = headers.get('x-sha2-signature') ?? '';
      const expected = createHmac('sha256', s.webhookToken).update(rawBody).digest('hex');
      if (!/^[0-9a-f]{64}$/i.test(given) || !timingSafeEqual(Buffer.from(given.toLowerCase(), 'hex'), Buffer.from(expected, 'hex'))) return null;
      let event: any;
      try {
        event = JSON.parse(rawBody);
      } catch {
        return null;
      }
      const p = event?.payload;
      if (p?.resource_type !== 'check' || typeof p?.object?.id !== 'string') return { ref: '', outcome: 'pending' };
      if (p.action !== 'check.completed') return { ref: p.object.id, outcome: 'pending' };
      // The event says only that the check finished: its result is read from the API, not trusted from the body.
      const check = await call('GET', `/checks/${encodeURIComponent(p.object.id)}`);
      if (check.status !== 'complete') return { ref: p.object.id, outcome: 'pending' };
      if (check.result !== 'clear')
        return { ref: p.object.id, outcome: 'rejected', reason: `The identity check was not clear (${String(check.result)}). Please submit clearer photos of a valid ID.` };
      const reports = await call('GET', `/reports?check_id=${encodeURIComponent(p.object.id)}`);
      return { ref: p.object.id, outcome: 'verified', reason: 'Onfido check clear.', documentState: documentState(reports.reports) };
    },
  };
}

/** The US state of the address Onfido read from the ID (its document report's `properties.address_lines`), or null. */
export function documentState(reports: unknown): string | null {
  if (!Array.isArray(reports)) return null;
  const doc = reports.find((r) => r && typeof r === 'object' && String(r.name).startsWith('document') && r.status === 'complete');
  const lines = doc?.properties?.address_lines;
  if (!lines || typeof lines !== 'object') return null;
  // An address outside the US has no state we can decide on.
  const country = String(lines.country_code ?? lines.country ?? 'USA').toUpperCase();
  if (!['USA', 'US', 'UNITED STATES', 'UNITED STATES OF AMERICA'].includes(country)) return null;
  return stateCodeOf(lines.state);
}
