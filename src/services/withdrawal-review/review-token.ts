import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../lib/app-error';
import { text } from '../../i18n/text';
import { m } from '../../i18n/paraglide/messages.js';
import { satsOf, satsWithinCents } from '../payments/btc-amount';
import type { PaymentMethodId } from '../payments/payments.port';
import type { WithdrawalReview } from './withdrawal-review';

/** How long a review may be confirmed; after it the player sees the figures of the moment again. */
export const REVIEW_TTL_MS = 10 * 60_000;
/** How far the BTC amount may fall between review and confirmation before the player is shown it again (1 %). */
export const RATE_TOLERANCE_PERCENT = 1;

/** What a review vouches for: who, what, where, at which rate and figure, until when; `n` makes each review its own. */
export type ReviewClaims = { u: string; c: PaymentMethodId; d: string; a: number; t: number; r: string; b: string; f: boolean; e: number; n: string };

const mac = (key: string, body: string) => createHmac('sha256', key).update(body).digest('base64url');

/**
 * A review, signed: nothing is stored, the confirmation carries it back. The signature binds the player, the
 * destination, both amounts and the figures shown, so a confirmation can be only of what was reviewed.
 */
export function signReview(key: string, userId: string, r: WithdrawalReview, ttlMs = REVIEW_TTL_MS): { token: string; expiresAt: number } {
  const claims: ReviewClaims = { u: userId, c: r.currency, d: r.destination.value, a: r.amountCents, t: r.tipCents, r: r.rate, b: r.btcAmount, f: r.btcFixed, e: r.readAt + ttlMs,
    n: Buffer.from(crypto.getRandomValues(new Uint8Array(12))).toString('base64url') };
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return { token: `${body}.${mac(key, body)}`, expiresAt: claims.e };
}

function readReview(key: string, token: unknown): ReviewClaims | null {
  if (typeof token !== 'string' || token.length > 4000) return null;
  const [body, sig, ...rest] = token.split('.');
  if (!body || !sig || rest.length) return null;
  const want = Buffer.from(mac(key, body));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString()) as ReviewClaims;
  } catch {
    return null;
  }
}

/** The destination as the withdrawal reads it: an invoice or Lightning address without `lightning:` and in lower case. */
export const destinationOf = (currency: string, typed: string) => {
  const v = typed.trim();
  return currency === 'BTC-LN' ? v.replace(/^lightning:/i, '').toLowerCase() : v;
};

/**
 * The request reference of a confirmation: one review makes one withdrawal, however often and under whichever
 * Idempotency-Key (or none) it is confirmed. The token is bound to its player, so the reference is too.
 */
export const reviewRef = (token: string) => `review:${createHash('sha256').update(token).digest('base64url')}`;

export type Confirming = { userId: string; currency: string; address: string; amountCents: number; tipCents: number };

/**
 * The confirmation of a review: the same player and request, in time, and a rate that still gives the player what
 * they saw (within RATE_TOLERANCE_PERCENT). Each refusal moves nothing; the player is shown the figures again.
 */
export function checkConfirmation(key: string, token: unknown, c: Confirming, now: number, rateNow: string): ReviewClaims {
  const claims = readReview(key, token);
  const same = claims && claims.u === c.userId && claims.c === c.currency && claims.d === destinationOf(c.currency, c.address) && claims.a === c.amountCents && claims.t === c.tipCents;
  if (!claims || !same) throw new AppError(409, text(m.api_review_again), 'REVIEW_CHANGED');
  if (now > claims.e) throw new AppError(409, text(m.api_review_expired), 'REVIEW_EXPIRED');
  if (!claims.f) {
    const reviewed = satsOf(claims.b);
    const sats = satsWithinCents(claims.a, rateNow);
    if (sats * 100n < reviewed * BigInt(100 - RATE_TOLERANCE_PERCENT))
      throw new AppError(409, text(m.api_review_rate_moved), 'RATE_MOVED');
  }
  return claims;
}
