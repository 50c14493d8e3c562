// Responsible-gaming field rules, shared by the API, the page's form posts and any island.
import { readCents } from '../money';
import { str, type FieldErrors } from './fields';

export const LIMIT_FIELDS = ['daily', 'weekly', 'monthly'] as const;
export const LIMIT_LABELS = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' } as const;
/** The largest deposit limit a player can set: anything above it is no limit at all. */
export const LIMIT_MAX_DOLLARS = 1_000_000;

export const COOL_OFF_CHOICES = [
  { value: '24h', label: '24 hours' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
] as const;
export const SELF_EXCLUSION_CHOICES = [
  { value: '6m', label: '6 months' },
  { value: '1y', label: '1 year' },
  { value: 'permanent', label: 'Permanently' },
] as const;

const limitMessage = (f: (typeof LIMIT_FIELDS)[number]) => `${LIMIT_LABELS[f]} limit must be an amount above $0 with at most two decimals, up to $1,000,000, or empty for no limit`;

/** `{daily?, weekly?, monthly?}`: each absent (unchanged), null (no limit) or dollars; `timeZone` an IANA zone name. */
export function checkLimits(b: Record<string, unknown>, isTimeZone: (tz: string) => boolean): FieldErrors {
  const errors: FieldErrors = {};
  for (const f of LIMIT_FIELDS) {
    if (!(f in b) || b[f] === null) continue;
    // JSON numbers only, by the shared rule; every refusal names the whole rule.
    if (!readCents(b[f], { maxCents: LIMIT_MAX_DOLLARS * 100 }).ok) errors[f] = limitMessage(f);
  }
  if ('timeZone' in b && (typeof b.timeZone !== 'string' || b.timeZone.length > 64 || !isTimeZone(b.timeZone))) errors.timeZone = 'Choose a valid time zone';
  if (!LIMIT_FIELDS.some((f) => f in b) && !('timeZone' in b)) errors.daily = 'Set at least one limit';
  return errors;
}

export function checkCoolOff(b: Record<string, unknown>): FieldErrors {
  return COOL_OFF_CHOICES.some((c) => c.value === b.period) ? {} : { period: 'Choose a cool-off period: 24h, 7d or 30d' };
}

export function checkSelfExclude(b: Record<string, unknown>): FieldErrors {
  const errors: FieldErrors = {};
  if (!SELF_EXCLUSION_CHOICES.some((c) => c.value === b.period)) errors.period = 'Choose a self-exclusion period: 6m, 1y or permanent';
  if (!str(b.password)) errors.password = 'Password is required';
  return errors;
}
