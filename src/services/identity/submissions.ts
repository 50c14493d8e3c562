import { AppError, fieldText as sayField, type FieldError } from '../../lib/app-error';
import { text, type Text } from '../../i18n/text';
import { m } from '../../i18n/paraglide/messages.js';
import { fieldText, storeDocument, type UploadedDocument } from './document-upload';
import { documentKey, ID_TYPES, SUBMISSION_SQL, toSubmission, type DocumentPart, type IdentityContext, type StoredDocument, type Submission } from './identity.context';
import type { UploadTicket } from './upload-gate';
import { US_STATES } from './us-states';
import { checkIdentityDetails } from '../../shared/schemas/identity';

/** One part of the submission form as it arrives: a field (filename null) or a file, its bytes in pieces. */
export type SubmissionPart = { name: string; filename: string | null; body: AsyncIterable<Uint8Array> };

const TEXT_FIELDS = new Set(['legalName', 'dateOfBirth', 'addressLine1', 'addressLine2', 'city', 'state', 'postalCode', 'idType']);
const FILE_PARTS = new Set<string>(['front', 'back', 'selfie']);

/** The latest submission of a player, or null. */
export async function latestSubmission(ctx: IdentityContext, userId: string): Promise<Submission | null> {
  const r = await ctx.client.execute({ sql: `${SUBMISSION_SQL} WHERE s.user_id = ? ORDER BY s.created_at DESC, s.id DESC LIMIT 1`, args: [userId] });
  return r.rows[0] ? toSubmission(r.rows[0] as Record<string, unknown>) : null;
}

const UNDER_REVIEW = () => AppError.conflict(text(m.api_documents_in_review), 'IDENTITY_UNDER_REVIEW');

/**
 * Whether the player may send documents now, decided before any of the upload is read: not while a submission of
 * theirs is under review (409), not while another upload of theirs runs (409), not past the instance's uploads at
 * once (503 with Retry-After). The ticket must be released when the upload is done, whatever its outcome.
 */
export async function beginUpload(ctx: IdentityContext, userId: string): Promise<UploadTicket> {
  if (await openSubmission(ctx, userId)) throw UNDER_REVIEW();
  return ctx.uploads.enter(userId);
}

/**
 * Reads the form as it arrives: fields as text, each file cleaned, sealed and stored while its bytes come in
 * (document-upload.ts). Then checks every field and file; a refused submission stores nothing (what was written is
 * removed). One submission is under review at a time (the unique index enforces it for a race).
 */
export async function submitIdentity(ctx: IdentityContext, userId: string, form: AsyncIterable<SubmissionPart>): Promise<Submission> {
  const id = Bun.randomUUIDv7();
  const fields: Record<string, string> = {};
  const files = new Map<DocumentPart, UploadedDocument>();
  const removeAll = () => Promise.all([...files.values()].filter((f) => f.stored).map((f) => ctx.store.delete(documentKey(id, f.part)).catch(() => {})));
  try {
    for await (const p of form) {
      if (p.filename === null && TEXT_FIELDS.has(p.name) && !(p.name in fields)) fields[p.name] = await fieldText(p.body);
      else if (p.filename !== null && FILE_PARTS.has(p.name) && !files.has(p.name as DocumentPart))
        files.set(p.name as DocumentPart, await storeDocument(ctx, documentKey(id, p.name as DocumentPart), p.name as DocumentPart, p.body));
      // Anything else (a repeated name, the page form's own fields) is skipped unread.
    }
  } catch (e) {
    await removeAll();
    throw e;
  }
  let documents: StoredDocument[];
  try {
    documents = checkSubmission(ctx, fields, files);
  } catch (e) {
    await removeAll();
    throw e;
  }
  const kept = new Set(documents.map((d) => d.part));
  // A file the ID type does not use (a back for a passport) is not kept.
  for (const f of files.values()) if (f.stored && !kept.has(f.part)) await ctx.store.delete(documentKey(id, f.part)).catch(() => {});
  const v = (k: string) => (fields[k] ?? '').trim();
  try {
    await ctx.client.execute({
      sql: `INSERT INTO identity_submissions (id, user_id, status, legal_name, date_of_birth, address_line1, address_line2, city, state, postal_code, id_type, documents, vendor, created_at)
            VALUES (?, ?, 'submitted', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [id, userId, v('legalName').replace(/\s+/g, ' '), v('dateOfBirth'), v('addressLine1'), v('addressLine2') || null, v('city'), v('state').toUpperCase(), v('postalCode'), v('idType'),
        JSON.stringify(documents), ctx.vendor?.name ?? null, ctx.now()],
    });
  } catch (e) {
    await removeAll();
    if (String((e as Error).message).includes('identity_submissions') && /UNIQUE/i.test(String((e as Error).message))) throw UNDER_REVIEW();
    throw e;
  }
  const submission = (await latestSubmission(ctx, userId))!;
  if (ctx.vendor) await startVendorCheck(ctx, submission);
  return submission;
}

/** Every field and file checked at once; the documents to keep, in the ID type's order, or a 400 naming each problem. */
function checkSubmission(ctx: IdentityContext, fields: Record<string, string>, files: Map<DocumentPart, UploadedDocument>): StoredDocument[] {
  const errors: FieldError[] = [];
  const bad = (field: string, message: string | Text) => errors.push(typeof message === 'string' ? { field, message } : sayField(field, message));
  // The written details by the form's own rules (src/shared/schemas/identity.ts): the same words before and after upload.
  const known = { states: US_STATES.map(([code]) => code), idTypes: Object.keys(ID_TYPES) };
  for (const [field, message] of Object.entries(checkIdentityDetails(fields, ctx.now(), known))) bad(field, message);
  const kind = ID_TYPES[(fields.idType ?? '').trim()];
  const parts: DocumentPart[] = ['front', ...(kind?.back ? (['back'] as const) : []), 'selfie'];
  const documents: StoredDocument[] = [];
  for (const part of parts) {
    const f = files.get(part);
    if (f?.error) bad(part, f.error);
    else if (!f?.stored) bad(part, text(part === 'selfie' ? m.fields_selfie_missing : part === 'back' ? m.fields_id_back_missing : m.fields_id_front_missing));
    else documents.push({ part, type: f.stored.type, size: f.stored.size });
  }
  if (errors.length) throw AppError.invalid(errors);
  return documents;
}

/**
 * The vendor is asked after the submission is recorded, each document read back from the store as it is sent; if it
 * cannot be reached, an operator reviews instead.
 */
async function startVendorCheck(ctx: IdentityContext, submission: Submission) {
  const vendor = ctx.vendor!;
  try {
    const documents = submission.documents.map((d) => ({
      part: d.part, type: d.type,
      read: async () => {
        const key = documentKey(submission.id, d.part);
        const sealed = await ctx.store.get(key);
        if (!sealed) throw new Error('document: not stored');
        return ctx.cipher.openBytes(sealed, key);
      },
    }));
    const ref = await vendor.start({ legalName: submission.legalName, dateOfBirth: submission.dateOfBirth, idType: submission.idType, address: submission.address }, documents);
    await ctx.client.execute({ sql: 'UPDATE identity_submissions SET vendor_ref = ? WHERE id = ?', args: [ref, submission.id] });
    submission.vendorRef = ref;
  } catch (e) {
    ctx.logger.info('identity vendor unavailable', { submissionId: submission.id, error: e instanceof Error ? e.name : 'unknown' });
    await ctx.client.execute({ sql: 'UPDATE identity_submissions SET vendor = NULL WHERE id = ?', args: [submission.id] });
    submission.vendor = null;
  }
}

async function openSubmission(ctx: IdentityContext, userId: string) {
  const r = await ctx.client.execute({ sql: `SELECT 1 FROM identity_submissions WHERE user_id = ? AND status = 'submitted'`, args: [userId] });
  return r.rows.length > 0;
}
