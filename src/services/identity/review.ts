import type { InStatement } from '@libsql/client';
import { AppError } from '../../lib/app-error';
import { auditStatement, type Actor } from '../admin/audit';
import { queueMailToPlayer } from '../mail/mail-queue';
import { notificationRow } from '../wallet/notifications';
import { stored } from '../notices/stored-text';
import { reasonInput } from '../notices/reasons';
import { documentKey, SUBMISSION_SQL, toSubmission, VERIFY_PATH, type DocumentPart, type IdentityContext, type Submission } from './identity.context';

/** `INSERT … VALUES (…)` as `INSERT … SELECT … WHERE changes() = 1`: it runs only if the statement before it changed a row. */
export function onlyIfChanged(x: InStatement): InStatement {
  const { sql, args } = x as { sql: string; args: any[] };
  const at = sql.lastIndexOf('VALUES');
  return { sql: `${sql.slice(0, at)}SELECT ${sql.slice(at + 6).trim().replace(/^\(/, '').replace(/\)\s*$/, '')} WHERE changes() = 1`, args };
}

/** The review queue: submissions waiting for a decision, oldest first. */
export async function reviewQueue(ctx: IdentityContext): Promise<Submission[]> {
  const r = await ctx.client.execute(`${SUBMISSION_SQL} WHERE s.status = 'submitted' ORDER BY s.created_at ASC, s.id ASC LIMIT 200`);
  return r.rows.map((x) => toSubmission(x as Record<string, unknown>));
}

export async function openReviewCount(ctx: { client: IdentityContext['client'] }): Promise<number> {
  const r = await ctx.client.execute(`SELECT count(*) AS n FROM identity_submissions WHERE status = 'submitted'`);
  return Number(r.rows[0]?.n ?? 0);
}

export async function findSubmission(ctx: IdentityContext, id: string): Promise<Submission | null> {
  const r = await ctx.client.execute({ sql: `${SUBMISSION_SQL} WHERE s.id = ?`, args: [id] });
  return r.rows[0] ? toSubmission(r.rows[0] as Record<string, unknown>) : null;
}

/** One document, decrypted for an operator's screen; every view is audited before the bytes leave. */
export async function viewDocument(ctx: IdentityContext, actor: Actor, id: string, part: string): Promise<{ type: string; bytes: Uint8Array }> {
  const s = await findSubmission(ctx, id);
  const doc = s?.documents.find((d) => d.part === part);
  if (!s || !doc) throw AppError.notFound('Document not found');
  if (s.documentsDeletedAt) throw new AppError(410, 'This document was deleted under the retention period.', 'DOCUMENT_DELETED');
  const key = documentKey(id, part as DocumentPart);
  const sealed = await ctx.store.get(key);
  if (!sealed) throw new AppError(410, 'This document is no longer stored.', 'DOCUMENT_DELETED');
  await ctx.client.execute(auditStatement(actor, { action: 'identity.document_viewed', targetType: 'identity_submission', targetId: id, after: { part, player: s.userId } }, ctx.now()));
  return { type: doc.type, bytes: ctx.cipher.openBytes(sealed, key) };
}

/**
 * Approves or rejects a submission under review: one conditional UPDATE that exactly one caller wins, with its
 * audit row, the player's notification and their queued e-mail in the same transaction; the push follows the commit.
 */
export async function decide(ctx: IdentityContext, actor: Actor, id: string, outcome: 'verified' | 'rejected', reason: string): Promise<Submission> {
  const why = reason.trim();
  if (why.length < 3) throw AppError.invalid([{ field: 'reason', message: 'Give a reason (at least 3 characters)' }]);
  const s = await findSubmission(ctx, id);
  if (!s) throw AppError.notFound('Submission not found');
  const now = ctx.now();
  const { stmt, note } = notificationRow(s.userId, outcome === 'verified' ? 'IDENTITY_VERIFIED' : 'IDENTITY_REJECTED',
    outcome === 'verified' ? stored('api_note_identity_verified') : stored('api_note_identity_rejected', { reason: reasonInput(why) }), now);
  const words = note.content;
  const update: InStatement = { sql: `UPDATE identity_submissions SET status = ?, reason = ?, decided_by = ?, decided_at = ? WHERE id = ? AND status = 'submitted'`, args: [outcome, why, actor.email, now, id] };
  const audit = auditStatement(actor, { action: outcome === 'verified' ? 'identity.approve' : 'identity.reject', targetType: 'identity_submission', targetId: id, reason: why, before: { status: 'submitted' }, after: { status: outcome, player: s.userId } }, now);
  // The e-mail, in the player's language; a rejection quotes the operator's reason as written.
  const mail = queueMailToPlayer({ kind: 'identity-decided', userId: s.userId, to: s.email ?? '', data: { verified: outcome === 'verified', reason: why, path: VERIFY_PATH } }, now);
  // One transaction: the audit row, the notification and the queued e-mail are inserted only if this caller's UPDATE won.
  const mailRow = s.email ? [onlyIfChanged(mail)] : [];
  const r = await ctx.client.batch([update, onlyIfChanged(audit), onlyIfChanged(stmt), ...mailRow], 'write');
  if (r[0]!.rowsAffected !== 1) throw AppError.conflict('This submission has already been decided.', 'INVALID_STATE');
  ctx.notify(s.userId, note);
  ctx.wakeMail?.();
  return (await findSubmission(ctx, id))!;
}

/**
 * Deletes the documents of submissions decided more than DOCUMENT_RETENTION_DAYS ago. The submission row, its
 * decision and reason, and the audit rows stay.
 */
export async function purgeExpiredDocuments(ctx: IdentityContext): Promise<number> {
  const now = ctx.now();
  const before = now - ctx.retentionDays * 86_400_000;
  const r = await ctx.client.execute({
    sql: `SELECT id, documents FROM identity_submissions WHERE status IN ('verified', 'rejected') AND decided_at < ? AND documents_deleted_at IS NULL LIMIT 500`,
    args: [before],
  });
  const job: Actor = { id: 'job:retention', email: 'retention job', ip: null };
  for (const x of r.rows) {
    const id = String(x.id);
    for (const d of JSON.parse(String(x.documents)) as { part: DocumentPart }[]) await ctx.store.delete(documentKey(id, d.part));
    await ctx.client.batch([
      { sql: 'UPDATE identity_submissions SET documents_deleted_at = ? WHERE id = ? AND documents_deleted_at IS NULL', args: [now, id] },
      auditStatement(job, { action: 'identity.documents_deleted', targetType: 'identity_submission', targetId: id, reason: `Retention: decided more than ${ctx.retentionDays} days ago` }, now),
    ], 'write');
  }
  return r.rows.length;
}
