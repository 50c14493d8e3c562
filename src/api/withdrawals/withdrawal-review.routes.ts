import { Elysia } from 'elysia';
import type { IdempotencyPlugin } from '../../http/idempotency';
import type { Session } from '../../http/session';
import { dollarsFromCents } from '../../shared/money';
import { checkConfirmation, reviewRef, signReview } from '../../services/withdrawal-review/review-token';
import type { WithdrawalReviewService } from '../../services/withdrawal-review/withdrawal-review';
import { readWithdrawBody, requestWithdrawal, timeTextFor, type RequestDeps } from './withdrawal-request';

type ReviewDeps = RequestDeps & { review: WithdrawalReviewService; idempotency: IdempotencyPlugin; reviewKey: string; now?: () => number };

/**
 * The page's two steps of a withdrawal (docs/decisions/withdrawal-review.md): a review that holds nothing and says
 * every refusal it can, then a confirmation of exactly what was reviewed. POST /withdraw/withdraw-request stays the
 * one call for scripts.
 */
export const withdrawalReviewRoutes = (d: ReviewDeps, session: Session) => {
  const now = d.now ?? Date.now;
  return new Elysia({ name: 'withdrawal-review-routes' })
    .use(session)
    .use(d.idempotency)
    .post('/withdraw/review', async ({ player, body }) => {
      const input = readWithdrawBody(body, d.config);
      const r = await d.review.review({ userId: player.userId, currency: input.currency, address: input.address, amountCents: input.amountCents, tipCents: input.tipCents });
      const { token, expiresAt } = signReview(d.reviewKey, player.userId, r);
      return {
        success: true,
        review: {
          currency: r.currency, wallet_address: r.destination.value, destinationKind: r.destination.kind,
          amount: dollarsFromCents(r.amountCents), tip: dollarsFromCents(r.tipCents), total: dollarsFromCents(r.amountCents + r.tipCents),
          rate: Number(r.rate), btcAmount: r.btcAmount, btcFixed: r.btcFixed, network: d.config.BITCOIN_NETWORK,
          readAt: new Date(r.readAt).toISOString(), expiresAt: new Date(expiresAt).toISOString(), timeText: timeTextFor(d, r.amountCents), token,
        },
      };
    }, { auth: true })
    .post('/withdraw/confirm', async ({ player, body }) => {
      const input = readWithdrawBody(body, d.config);
      const token = (body as { review?: unknown }).review;
      // What was reviewed, in time and at a rate still as good (the request then checks everything again and holds).
      checkConfirmation(d.reviewKey, token, { userId: player.userId, ...input }, now(), await d.withdrawals.rate());
      // The review, not the key, names the request: confirmed twice, with other keys or none, it withdraws once.
      return requestWithdrawal(d, player, input, reviewRef(String(token)));
    }, { auth: true, idempotent: true });
};
