import { AppError } from '../lib/app-error';
import { createMemoryStore } from '../services/store/store.memory';
import type { SharedStore } from '../services/store/store.port';

export type RateRule = { limit: number; windowSeconds: number };
export type RateDecision = { ok: boolean; retryAfterSeconds: number };

/** Counts hits per key in fixed windows. Async so a shared (Redis) store can stand in for the in-memory one. */
export type RateLimiter = {
  hit(key: string, rule: RateRule): Promise<RateDecision>;
  /** The decision a hit would get if the key's limit were already reached, without counting one. */
  peek(key: string, rule: RateRule): Promise<RateDecision>;
};

/**
 * Generous enough that people and tests never meet them, tight enough to stop guessing and mail floods.
 * Keys are per e-mail, per client address or per player; see where each is applied.
 */
export const RATE_RULES = {
  loginPerEmail: { limit: 10, windowSeconds: 60 },
  loginPerIp: { limit: 50, windowSeconds: 60 },
  // Wrong passwords for one address: after 10, sign-in is locked for the rest of the 15 minutes.
  loginFailuresPerEmail: { limit: 10, windowSeconds: 15 * 60 },
  registerPerIp: { limit: 30, windowSeconds: 15 * 60 },
  forgotPerIp: { limit: 20, windowSeconds: 15 * 60 },
  forgotPerEmail: { limit: 5, windowSeconds: 15 * 60 },
  resendPerIp: { limit: 20, windowSeconds: 15 * 60 },
  resendPerEmail: { limit: 5, windowSeconds: 15 * 60 },
  captchaPerIp: { limit: 60, windowSeconds: 60 },
  tokenPerIp: { limit: 30, windowSeconds: 60 },
  passwordChangePerUser: { limit: 10, windowSeconds: 15 * 60 },
  emailChangePerUser: { limit: 10, windowSeconds: 60 * 60 },
  // A tax number's changes (each checks a password and mails the player).
  taxDetailsPerUser: { limit: 20, windowSeconds: 60 * 60 },
  // Who an e-mail belongs to (P2P's confirmation step): enough for a player's real transfers, not for a directory.
  recipientLookupPerUser: { limit: 20, windowSeconds: 15 * 60 },
  // Codes are short enough to guess at; a player gets a few tries, not a dictionary.
  freeplayPerUser: { limit: 20, windowSeconds: 15 * 60 },
  // Two-step codes, right or wrong, per account: ten tries in 15 minutes makes guessing six digits hopeless.
  totpPerUser: { limit: 10, windowSeconds: 15 * 60 },
} satisfies Record<string, RateRule>;

/** Fixed windows counted in the shared store, so with Redis every instance adds to the same count. */
export function createStoreRateLimiter(store: SharedStore): RateLimiter {
  return {
    async hit(key, rule) {
      const c = await store.incr(`rate:${key}`, rule.windowSeconds * 1000);
      if (c.count <= rule.limit) return { ok: true, retryAfterSeconds: 0 };
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(c.ttlMs / 1000)) };
    },
    async peek(key, rule) {
      const c = await store.count(`rate:${key}`);
      if (!c || c.count < rule.limit) return { ok: true, retryAfterSeconds: 0 };
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(c.ttlMs / 1000)) };
    },
  };
}

/** One process's counters (the default, and what unit tests use). */
export const createMemoryRateLimiter = (now: () => number = Date.now): RateLimiter => createStoreRateLimiter(createMemoryStore(now));

/** Counts one hit and answers 429 with Retry-After once the rule's limit is passed. */
export async function enforce(limiter: RateLimiter, name: keyof typeof RATE_RULES, subject: string): Promise<void> {
  const r = await limiter.hit(`${name}:${subject}`, RATE_RULES[name]);
  if (!r.ok) throw AppError.tooMany(r.retryAfterSeconds);
}

/** Refuses with 429 and Retry-After while the rule's limit is reached, without counting this call. */
export async function refuseWhileLimited(limiter: RateLimiter, name: keyof typeof RATE_RULES, subject: string): Promise<void> {
  const r = await limiter.peek(`${name}:${subject}`, RATE_RULES[name]);
  if (!r.ok) throw AppError.tooMany(r.retryAfterSeconds);
}

/** Counts one event (a failure, say) against the rule without refusing anything now. */
export async function count(limiter: RateLimiter, name: keyof typeof RATE_RULES, subject: string): Promise<void> {
  await limiter.hit(`${name}:${subject}`, RATE_RULES[name]);
}
