import type { Actor } from '../admin/audit';
import { applyVendorVerdict, type VerdictResult } from './vendor-verdict';
import { parseRequirement, type IdentityContext } from './identity.context';
import { decide, findSubmission, openReviewCount, purgeExpiredDocuments, reviewQueue, viewDocument } from './review';
import { assertMayWithdraw, assertStateAllowed, identityNeeded, taxDetailsNeeded } from './rules';
import { beginUpload, latestSubmission, submitIdentity, type SubmissionPart } from './submissions';
import { taxDetails, taxReport } from './tax';
import { saveTaxDetails, setTaxDetailsByOperator, taxNumberLocked } from './tax-changes';
import { maskTin } from './tin';

export { parseRequirement };

/** What the player's page and the operator's player screen show. */
export async function identityStatus(ctx: IdentityContext, userId: string) {
  const [s, tax, taxLocked] = await Promise.all([latestSubmission(ctx, userId), taxDetails(ctx, userId), taxNumberLocked(ctx, userId)]);
  return {
    status: s ? s.status : ('not_started' as const),
    reason: s?.status === 'rejected' ? s.reason : null,
    submittedAt: s?.createdAt ?? null,
    decidedAt: s?.decidedAt ?? null,
    legalName: s?.status === 'verified' ? s.legalName : null,
    state: s?.status === 'verified' ? s.address.state : null,
    tax: tax ? { type: tax.type, last4: tax.last4, masked: maskTin(tax.last4) } : null,
    /** A withdrawal has counted toward a tax year with the number on file: only an operator may change it now. */
    taxLocked,
    identityRequired: await identityNeeded(ctx, userId, 1),
    taxThreshold: ctx.taxThresholdCents / 100,
    taxDetailsNeededNext: await taxDetailsNeeded(ctx, userId, 1),
  };
}

export function createIdentityService(ctx: IdentityContext) {
  return {
    ctx,
    status: (userId: string) => identityStatus(ctx, userId),
    /** Before any of an upload is read: 409 under review or already uploading, 503 when too many upload at once. */
    beginUpload: (userId: string) => beginUpload(ctx, userId),
    submit: (userId: string, form: AsyncIterable<SubmissionPart>) => submitIdentity(ctx, userId, form),
    /** The player's own change (`actor` is the player); `stepUp` checks the two-step code when that is on. */
    saveTax: (actor: Actor, input: { tin?: unknown; confirmed?: unknown; currentPassword?: unknown }, stepUp: () => Promise<unknown>) => saveTaxDetails(ctx, actor, input, stepUp),
    setTaxByOperator: (actor: Actor, userId: string, input: { tin?: unknown; reason: string }) => setTaxDetailsByOperator(ctx, actor, userId, input),
    assertMayWithdraw: (userId: string, amountCents: number) => assertMayWithdraw(ctx, userId, amountCents),
    assertMayDeposit: (userId: string) => assertStateAllowed(ctx, userId, 'Deposits'),
    queue: () => reviewQueue(ctx),
    openCount: () => openReviewCount(ctx),
    find: (id: string) => findSubmission(ctx, id),
    viewDocument: (actor: Actor, id: string, part: string) => viewDocument(ctx, actor, id, part),
    decide: (actor: Actor, id: string, outcome: 'verified' | 'rejected', reason: string) => decide(ctx, actor, id, outcome, reason),
    taxReport: (actor: Actor, year: number) => taxReport(ctx, actor, year),
    purgeExpiredDocuments: () => purgeExpiredDocuments(ctx),
    /**
     * A signed vendor webhook: its verdict decides the submission it names, as an operator's would (audited), or
     * leaves it to an operator when the vendor did not check the address the player gave (vendor-verdict.ts).
     */
    async vendorWebhook(rawBody: string, headers: Headers): Promise<VerdictResult | 'unsigned' | 'no-vendor'> {
      if (!ctx.vendor) return 'no-vendor';
      const v = await ctx.vendor.verdict(rawBody, headers);
      if (!v) return 'unsigned';
      return applyVendorVerdict(ctx, ctx.vendor.name, v);
    },
  };
}
export type IdentityService = ReturnType<typeof createIdentityService>;
