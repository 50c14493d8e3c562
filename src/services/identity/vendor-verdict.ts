import type { Actor } from '../admin/audit';
import { auditStatement } from '../admin/audit';
import type { VendorVerdict } from './identity-check.port';
import type { IdentityContext } from './identity.context';
import { decide, onlyIfChanged } from './review';
import { stateName } from './us-states';
import { reasonEnglish } from '../notices/reasons';

export type VerdictResult = 'applied' | 'review' | 'ignored';

const vendorActor = (name: string): Actor => ({ id: `vendor:${name}`, email: name, ip: null });
const named = (code: string) => `${stateName(code)} (${code})`;

/**
 * A vendor's verdict on the submission it names. A rejection decides it, as an operator's would. A clear verdict
 * verifies only what the vendor checked (the ID and the face): the address state, which RESTRICTED_STATES decides on,
 * is verified only when the state the vendor read from the ID is the one the player typed. Otherwise the submission
 * stays under review with a note saying why, for an operator to decide; a mismatch is never verified automatically.
 */
export async function applyVendorVerdict(ctx: IdentityContext, vendor: string, v: VendorVerdict): Promise<VerdictResult> {
  if (v.outcome === 'pending') return 'ignored';
  const r = await ctx.client.execute({ sql: `SELECT id, state FROM identity_submissions WHERE vendor_ref = ? AND status = 'submitted'`, args: [v.ref] });
  const row = r.rows[0];
  if (!row) return 'ignored';
  const id = String(row.id), typed = String(row.state);
  const actor = vendorActor(vendor);
  if (v.outcome === 'rejected') {
    await decide(ctx, actor, id, 'rejected', v.reason ?? reasonEnglish('api_reason_vendor_rejected'));
    return 'applied';
  }
  const read = v.documentState ?? null;
  if (read === typed) {
    await decide(ctx, actor, id, 'verified', v.reason ?? 'Checked by the identity vendor.');
    return 'applied';
  }
  const note = read
    ? `${vendor} cleared the ID and the face, but the address on the ID is in ${named(read)}, not ${named(typed)} as the player gave it. Check the address before deciding.`
    : `${vendor} cleared the ID and the face, but read no US address from the ID, so the state the player gave, ${named(typed)}, is unchecked. Check the address before deciding.`;
  const now = ctx.now();
  // Once: a redelivered webhook finds the note already there and changes nothing.
  await ctx.client.batch([
    { sql: `UPDATE identity_submissions SET review_note = ? WHERE id = ? AND status = 'submitted' AND review_note IS NULL`, args: [note, id] },
    onlyIfChanged(auditStatement(actor, { action: 'identity.vendor_review', targetType: 'identity_submission', targetId: id, reason: note, after: { documentState: read, typedState: typed } }, now)),
  ], 'write');
  ctx.logger.info('identity vendor clear, address for an operator', { submissionId: id, vendor });
  return 'review';
}
