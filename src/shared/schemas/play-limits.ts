// Responsible-gaming field rules, shared by the API, the page's form posts and any island.
import { readCents } from '../money';
import { str, type FieldErrors } from './fields';
import { m } from '../../i18n/paraglide/messages.js';

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

const LIMIT_MESSAGES = { daily: m.fields_limit_daily, weekly: m.fields_limit_weekly, monthly: m.fields_limit_monthly } as const;
const limitMessage = (f: (typeof LIMIT_FIELDS)[number]) => LIMIT_MESSAGES[f]();

/** `{daily?, weekly?, monthly?}`: each absent (unchanged), null (no limit) or dollars; `timeZone` an IANA zone name. */
export function checkLimits(b: Record<string, unknown>, isTimeZone: (tz: string) => boolean): FieldErrors {
  const errors: FieldErrors = {};
  for (const f of LIMIT_FIELDS) {
    if (!(f in b) || b[f] === null) continue;
    // JSON numbers only, by the shared rule; every refusal names the whole rule.
    if (!readCents(b[f], { maxCents: LIMIT_MAX_DOLLARS * 100 }).ok) errors[f] = limitMessage(f);
  }
  if ('timeZone' in b && (typeof b.timeZone !== 'string' || b.timeZone.length > 64 || !isTimeZone(b.timeZone))) errors.timeZone = m.fields_time_zone();
  if (!LIMIT_FIELDS.some((f) => f in b) && !('timeZone' in b)) errors.daily = m.fields_limit_one();
  return errors;
}

export function checkCoolOff(b: Record<string, unknown>): FieldErrors {
  return COOL_OFF_CHOICES.some((c) => c.value === b.period) ? {} : { period: m.fields_cool_off_period() };
}

export function checkSelfExclude(b: Record<string, unknown>): FieldErrors {
  const errors: FieldErrors = {};
  if (!SELF_EXCLUSION_CHOICES.some((c) => c.value === b.period)) errors.period = m.fields_self_exclusion_period();
  if (!str(b.password)) errors.password = m.fields_password_required();
  return errors;
}
