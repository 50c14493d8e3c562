import { and, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { emailTokens } from '../../../db/schema';

/**
 * email_undo: mailed to the old address once an e-mail change is confirmed; it puts that address back.
 * set_password: printed by `coinreel admin create` for a new operator, who chooses a first password with it.
 */
export type TokenPurpose = 'verify' | 'reset' | 'email_change' | 'email_undo' | 'set_password';
const HOUR_MS = 3_600_000;
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = { verify: 24 * HOUR_MS, reset: HOUR_MS, email_change: 24 * HOUR_MS, email_undo: 7 * 24 * HOUR_MS, set_password: HOUR_MS };

// 32 random bytes in base64url are exactly 43 characters; anything else cannot be one of ours.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (raw: string) => new Bun.CryptoHasher('sha256').update(raw).digest('hex');

/** A fresh link token and the row that stores only its hash. The caller inserts the row (often in a batch). */
export function newEmailToken(userId: string, purpose: TokenPurpose, now: Date, email: string | null = null) {
  const raw = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
  const row = { tokenHash: hashToken(raw), userId, purpose, email, createdAt: now, expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[purpose]) };
  return { raw, row };
}

const live = (hash: string, purposes: TokenPurpose[], now: Date) =>
  and(eq(emailTokens.tokenHash, hash), inArray(emailTokens.purpose, purposes), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now));

/** The unused, unexpired token with this raw value, without using it up. */
export async function findEmailToken(db: Db, raw: unknown, purposes: TokenPurpose[], now = new Date()) {
  if (typeof raw !== 'string' || !TOKEN_SHAPE.test(raw)) return null;
  const [row] = await db.select().from(emailTokens).where(live(hashToken(raw), purposes, now)).limit(1);
  return row ?? null;
}

/** What became of a link: still usable, already used, expired, or never one of ours (or pruned). */
export type LinkState = 'live' | 'used' | 'expired' | 'unknown';

/** A link's state without spending it, so a page can say on load that a link is spent instead of after typing. */
export async function emailTokenState(db: Db, raw: unknown, purposes: TokenPurpose[], now = new Date()): Promise<{ state: LinkState; userId?: string; purpose?: TokenPurpose; email?: string | null }> {
  if (typeof raw !== 'string' || !TOKEN_SHAPE.test(raw)) return { state: 'unknown' };
  const [row] = await db.select().from(emailTokens).where(and(eq(emailTokens.tokenHash, hashToken(raw)), inArray(emailTokens.purpose, purposes))).limit(1);
  if (!row) return { state: 'unknown' };
  const state = row.usedAt ? 'used' : row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'live';
  return { state, userId: row.userId, purpose: row.purpose as TokenPurpose, email: row.email };
}

/**
 * Uses a token up. The conditional UPDATE is the single-use guarantee: of two racing requests only one
 * sees a row come back.
 */
export async function consumeEmailToken(db: Db, raw: unknown, purposes: TokenPurpose[], now = new Date()) {
  if (typeof raw !== 'string' || !TOKEN_SHAPE.test(raw)) return null;
  const [row] = await db.update(emailTokens).set({ usedAt: now }).where(live(hashToken(raw), purposes, now)).returning();
  await pruneEmailTokens(db, now);
  return row ?? null;
}

// Spent links are kept a week (support can still see that a link was used), then removed.
const KEEP_SPENT_MS = 7 * 24 * HOUR_MS;
let nextPrune = 0;

/** Removes links used or expired over a week ago; runs at most once an hour per process. */
export async function pruneEmailTokens(db: Db, now = new Date(), force = false): Promise<void> {
  if (!force && now.getTime() < nextPrune) return;
  nextPrune = now.getTime() + HOUR_MS;
  const before = new Date(now.getTime() - KEEP_SPENT_MS);
  await db.delete(emailTokens).where(or(lt(emailTokens.expiresAt, before), lt(emailTokens.usedAt, before)));
}

/** Spends every outstanding token of one kind, e.g. older reset links once the password has changed. */
export const spendEmailTokensOf = (db: Db, userId: string, purpose: TokenPurpose, now: Date) =>
  db.update(emailTokens).set({ usedAt: now }).where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
