import { AppError, type FieldError } from '../../lib/app-error';
import { cleanDocument, DocumentRejected, MAX_DOCUMENT_BYTES } from './files';
import { documentKey, ID_TYPES, SUBMISSION_SQL, toSubmission, type DocumentPart, type IdentityContext, type StoredDocument, type Submission } from './identity.context';
import { US_STATES } from './us-states';
import { ageOn, checkIdentityDetails, FILE_TOO_LARGE, fileMissing, NOT_A_PHOTO } from '../../shared/schemas/identity';

export type SubmissionInput = {
  legalName?: unknown; dateOfBirth?: unknown; addressLine1?: unknown; addressLine2?: unknown; city?: unknown; state?: unknown; postalCode?: unknown;
  idType?: unknown; front?: unknown; back?: unknown; selfie?: unknown;
};

export { ageOn };
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

const isFile = (v: unknown): v is File => typeof v === 'object' && v !== null && typeof (v as File).arrayBuffer === 'function' && typeof (v as File).size === 'number';

/** The latest submission of a player, or null. */
export async function latestSubmission(ctx: IdentityContext, userId: string): Promise<Submission | null> {
  const r = await ctx.client.execute({ sql: `${SUBMISSION_SQL} WHERE s.user_id = ? ORDER BY s.created_at DESC, s.id DESC LIMIT 1`, args: [userId] });
  return r.rows[0] ? toSubmission(r.rows[0] as Record<string, unknown>) : null;
}

/**
 * Checks every field and file, then stores each cleaned file encrypted and records the submission. A refused
 * submission stores nothing. One submission is under review at a time (the unique index enforces it for a race).
 */
export async function submitIdentity(ctx: IdentityContext, userId: string, input: SubmissionInput): Promise<Submission> {
  const errors: FieldError[] = [];
  const bad = (field: string, message: string) => errors.push({ field, message });
  // The written details by the form's own rules (src/shared/schemas/identity.ts): the same words before and after upload.
  for (const [field, message] of Object.entries(checkIdentityDetails(input, ctx.now(), { states: US_STATES.map(([code]) => code), idTypes: Object.keys(ID_TYPES) }))) bad(field, message);
  const legalName = text(input.legalName).replace(/\s+/g, ' ');
  const dateOfBirth = text(input.dateOfBirth);
  const line1 = text(input.addressLine1), line2 = text(input.addressLine2), city = text(input.city), postalCode = text(input.postalCode);
  const state = text(input.state).toUpperCase();
  const idType = text(input.idType);
  const kind = ID_TYPES[idType];
  const parts: DocumentPart[] = ['front', ...(kind?.back ? (['back'] as const) : []), 'selfie'];
  const files: { part: DocumentPart; file: File }[] = [];
  for (const part of parts) {
    const f = input[part];
    if (!isFile(f) || f.size === 0) bad(part, fileMissing(part));
    else if (f.size > MAX_DOCUMENT_BYTES) bad(part, FILE_TOO_LARGE);
    else files.push({ part, file: f });
  }
  if (errors.length) throw AppError.invalid(errors);
  if (await openSubmission(ctx, userId)) throw AppError.conflict('Your documents are already being reviewed.', 'IDENTITY_UNDER_REVIEW');
  const cleaned: { part: DocumentPart; type: string; bytes: Uint8Array }[] = [];
  for (const { part, file } of files) {
    try {
      const doc = cleanDocument(new Uint8Array(await file.arrayBuffer()));
      // The selfie is compared with the ID's face: a photo, not a scan.
      if (part === 'selfie' && doc.type === 'application/pdf') bad(part, NOT_A_PHOTO);
      else cleaned.push({ part, ...doc });
    } catch (e) {
      if (e instanceof DocumentRejected) bad(part, e.message);
      else throw e;
    }
  }
  if (errors.length) throw AppError.invalid(errors);

  const id = Bun.randomUUIDv7();
  const now = ctx.now();
  const documents: StoredDocument[] = cleaned.map((c) => ({ part: c.part, type: c.type, size: c.bytes.length }));
  const stored: string[] = [];
  try {
    for (const c of cleaned) {
      const key = documentKey(id, c.part);
      await ctx.store.put(key, ctx.cipher.sealBytes(c.bytes, key));
      stored.push(key);
    }
    await ctx.client.execute({
      sql: `INSERT INTO identity_submissions (id, user_id, status, legal_name, date_of_birth, address_line1, address_line2, city, state, postal_code, id_type, documents, vendor, created_at)
            VALUES (?, ?, 'submitted', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [id, userId, legalName, dateOfBirth, line1, line2 || null, city, state, postalCode, idType, JSON.stringify(documents), ctx.vendor?.name ?? null, now],
    });
  } catch (e) {
    for (const key of stored) await ctx.store.delete(key).catch(() => {});
    if (String((e as Error).message).includes('identity_submissions') && /UNIQUE/i.test(String((e as Error).message)))
      throw AppError.conflict('Your documents are already being reviewed.', 'IDENTITY_UNDER_REVIEW');
    throw e;
  }
  const submission = (await latestSubmission(ctx, userId))!;
  if (ctx.vendor) {
    // The vendor is asked after the submission is recorded; if it cannot be reached, an operator reviews instead.
    try {
      const ref = await ctx.vendor.start({ legalName, dateOfBirth, idType, address: submission.address }, cleaned);
      await ctx.client.execute({ sql: 'UPDATE identity_submissions SET vendor_ref = ? WHERE id = ?', args: [ref, id] });
      submission.vendorRef = ref;
    } catch (e) {
      ctx.logger.info('identity vendor unavailable', { submissionId: id, error: e instanceof Error ? e.name : 'unknown' });
      await ctx.client.execute({ sql: 'UPDATE identity_submissions SET vendor = NULL WHERE id = ?', args: [id] });
      submission.vendor = null;
    }
  }
  return submission;
}

async function openSubmission(ctx: IdentityContext, userId: string) {
  const r = await ctx.client.execute({ sql: `SELECT 1 FROM identity_submissions WHERE user_id = ? AND status = 'submitted'`, args: [userId] });
  return r.rows.length > 0;
}
