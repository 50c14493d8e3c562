import type { Client } from '@libsql/client';
import { Elysia } from 'elysia';
import { enforce, type RateLimiter } from '../../http/rate-limit';
import type { Session } from '../../http/session';
import { AppError } from '../../lib/app-error';
import { m } from '../../i18n/paraglide/messages.js';
import { validate } from '../../lib/validate';
import { isCurrentPassword } from '../../services/auth/passwords';
import { readLimits, setLimits, type Limits } from '../../services/protection/limits';
import { isTimeZone } from '../../services/protection/periods';
import { readControls, setTimeZone, startCoolOff, startSelfExclusion, type CoolOffPeriod, type SelfExclusionPeriod } from '../../services/protection/restrictions';
import { dollarsFromCents, dollarsToCents } from '../../shared/money';
import { checkCoolOff, checkLimits, checkSelfExclude, LIMIT_FIELDS } from '../../shared/schemas/play-limits';

const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());
const dollars = (c: number | null) => (c === null ? null : dollarsFromCents(c));

/** The wire shape of GET /user/limits (dollars or null; a permanent self-exclusion reads as `"permanent"`). */
export async function limitsView(client: Client, userId: string, now = Date.now()) {
  const [{ limits, pending }, c] = await Promise.all([readLimits(client, userId, now), readControls(client, userId, now)]);
  return {
    deposit: { daily: dollars(limits.daily), weekly: dollars(limits.weekly), monthly: dollars(limits.monthly) },
    pending: pending.map((p) => ({ period: p.period, amount: dollars(p.amountCents), effectiveAt: iso(p.effectiveAt) })),
    coolOffUntil: c.coolOffUntil !== null && c.coolOffUntil > now ? iso(c.coolOffUntil) : null,
    selfExcludedUntil: c.selfExcludedPermanent ? 'permanent' : c.selfExcludedUntil !== null && c.selfExcludedUntil > now ? iso(c.selfExcludedUntil) : null,
    timeZone: c.timeZone,
    /** A new zone waiting its day, and when it applies. */
    pendingTimeZone: c.pendingTimeZone && { timeZone: c.pendingTimeZone.timeZone, effectiveAt: iso(c.pendingTimeZone.effectiveAt) },
  };
}

/** Validated body → cents per period that was named (null removes). */
export function wantedLimits(b: Record<string, unknown>): Partial<Limits> {
  const out: Partial<Limits> = {};
  for (const f of LIMIT_FIELDS) if (f in b) out[f] = b[f] === null ? null : dollarsToCents(b[f]);
  return out;
}

/** Responsible gaming: deposit limits, cool-off and self-exclusion — always the caller's own account. */
export const limitsRoutes = (client: Client, rateLimiter: RateLimiter, session: Session) =>
  new Elysia({ prefix: '/user' })
    .use(session)
    .get('/limits', async ({ player, set }) => {
      set.headers['cache-control'] = 'no-store';
      return { success: true, ...(await limitsView(client, player.userId)) };
    }, { auth: true })
    .put('/limits', async ({ player, body }) => {
      const b = validate((x) => checkLimits(x, isTimeZone), body);
      if (typeof b.timeZone === 'string') await setTimeZone(client, player.userId, b.timeZone);
      await setLimits(client, player.userId, wantedLimits(b));
      return { success: true, message: m.api_limits_saved(), ...(await limitsView(client, player.userId)) };
    }, { auth: true })
    .post('/cool-off', async ({ player, body }) => {
      const b = validate(checkCoolOff, body);
      await startCoolOff(client, player.userId, b.period as CoolOffPeriod);
      return { success: true, message: m.api_cool_off_started(), ...(await limitsView(client, player.userId)) };
    }, { auth: true })
    .post('/self-exclude', async ({ player, body }) => {
      // A password check: limited per player like a password change, so it cannot be used to guess the password.
      await enforce(rateLimiter, 'passwordChangePerUser', player.userId);
      const b = validate(checkSelfExclude, body);
      if (!(await isCurrentPassword(client, player.userId, String(b.password))))
        throw AppError.invalid([{ field: 'password', message: m.fields_password_wrong() }]);
      await startSelfExclusion(client, player.userId, b.period as SelfExclusionPeriod);
      return { success: true, message: m.api_self_exclusion_started(), ...(await limitsView(client, player.userId)) };
    }, { auth: true });
