import type { Client } from '@libsql/client';
import { firstRowOf } from '../../../db/raw-reads';
import { AppError } from '../../lib/app-error';
import { LOOSEN_DELAY_MS, readLimits } from './limits';
import { text, type Text } from '../../i18n/text';
import { INTL_LOCALE, type Lang } from '../../i18n/lang';
import { m } from '../../i18n/paraglide/messages.js';

export const COOL_OFF_PERIODS = { '24h': 24 * 3_600_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 } as const;
export const SELF_EXCLUSION_PERIODS = ['6m', '1y', 'permanent'] as const;
export type CoolOffPeriod = keyof typeof COOL_OFF_PERIODS;
export type SelfExclusionPeriod = (typeof SELF_EXCLUSION_PERIODS)[number];

export type Controls = {
  /** The zone limit periods are counted in at the time read. */
  timeZone: string;
  /** A new zone still waiting (a change waits a day, like a looser limit). */
  pendingTimeZone: { timeZone: string; effectiveAt: number } | null;
  coolOffUntil: number | null; selfExcludedUntil: number | null; selfExcludedPermanent: boolean;
};

/** The play_controls columns `controlsOf` reads, for a caller that folds them into its own statement (the row as `pc`). */
export const CONTROLS_COLUMNS = 'pc.user_id, pc.time_zone, pc.pending_time_zone, pc.pending_time_zone_at, pc.cool_off_until, pc.self_excluded_until, pc.self_excluded_permanent';

/** The player's controls at `now` (defaults when they never set any); a waiting zone whose time came is current. */
export async function readControls(client: Client, userId: string, now = Date.now()): Promise<Controls> {
  return controlsOf(await firstRowOf(client)(`SELECT ${CONTROLS_COLUMNS} FROM play_controls pc WHERE pc.user_id = ?`, [userId]), now);
}

/** Controls from the values of CONTROLS_COLUMNS (a LEFT JOIN that found no row gives a null user_id: the defaults). */
export function controlsOf(row: readonly unknown[] | undefined, now: number): Controls {
  if (!row || row[0] == null) return { timeZone: 'UTC', pendingTimeZone: null, coolOffUntil: null, selfExcludedUntil: null, selfExcludedPermanent: false };
  const [, timeZone, pendingZone, pendingZoneAt, coolOffUntil, selfExcludedUntil, permanent] = row;
  const pendingAt = pendingZoneAt == null ? null : Number(pendingZoneAt);
  const waiting = pendingZone != null && pendingAt !== null;
  const due = waiting && pendingAt! <= now;
  return {
    timeZone: due ? String(pendingZone) : String(timeZone),
    pendingTimeZone: waiting && !due ? { timeZone: String(pendingZone), effectiveAt: pendingAt! } : null,
    coolOffUntil: coolOffUntil == null ? null : Number(coolOffUntil),
    selfExcludedUntil: selfExcludedUntil == null ? null : Number(selfExcludedUntil),
    selfExcludedPermanent: Number(permanent) === 1,
  };
}

/** A date as the player reads it, in their zone: "Nov 24, 2026, 9:40 PM UTC" ("24 nov 2026, 9:40 p.m. UTC"). */
export function formatWhen(at: number, timeZone: string, lang: Lang = 'en'): string {
  return new Date(at).toLocaleString(INTL_LOCALE[lang], { timeZone, dateStyle: 'medium', timeStyle: 'short' }) + ` ${shortZone(at, timeZone, lang)}`;
}
const shortZone = (at: number, timeZone: string, lang: Lang) =>
  new Intl.DateTimeFormat(INTL_LOCALE[lang], { timeZone, timeZoneName: 'short' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? timeZone;

/** The same date, said later in the reader's language. */
export const whenText = (at: number, timeZone: string): Text => ({ render: (lang) => formatWhen(at, timeZone, lang) });

/** The restriction running at `now`, if any; a self-exclusion wins over a cool-off. */
export function activeRestriction(c: Controls, now: number): { kind: 'SELF_EXCLUDED' | 'COOL_OFF'; until: number | null } | null {
  if (c.selfExcludedPermanent) return { kind: 'SELF_EXCLUDED', until: null };
  if (c.selfExcludedUntil !== null && c.selfExcludedUntil > now) return { kind: 'SELF_EXCLUDED', until: c.selfExcludedUntil };
  if (c.coolOffUntil !== null && c.coolOffUntil > now) return { kind: 'COOL_OFF', until: c.coolOffUntil };
  return null;
}

/**
 * What a signed-in page says of a running restriction: a banner, and the reason beside each action it closes, as
 * Texts the page says in its own language (`restrictionWords`, src/pages/page.ts).
 */
export type RestrictionNotice = { kind: 'COOL_OFF' | 'SELF_EXCLUDED'; bannerText: Text; reasonText: Text };

export function restrictionNotice(c: Controls, now: number): RestrictionNotice | null {
  const r = activeRestriction(c, now);
  if (!r) return null;
  const texts = r.kind === 'COOL_OFF'
    ? { bannerText: text(m.api_cool_off_banner, { until: whenText(r.until!, c.timeZone) }), reasonText: text(m.api_cool_off_reason, { until: whenText(r.until!, c.timeZone) }) }
    : r.until === null
    ? { bannerText: text(m.api_excluded_banner_forever), reasonText: text(m.api_excluded_reason_forever) }
    : { bannerText: text(m.api_excluded_banner_until, { until: whenText(r.until, c.timeZone) }), reasonText: text(m.api_excluded_reason_until, { until: whenText(r.until, c.timeZone) }) };
  return { kind: r.kind, ...texts };
}

/**
 * Refuses a deposit request, a transfer to a game or a P2P send while a cool-off or self-exclusion runs.
 * Called by those services themselves, so every route and page form goes through it.
 */
export async function assertMayPlay(client: Client, userId: string, now = Date.now()): Promise<void> {
  refuseWhileRestricted(await readControls(client, userId, now), now);
}

/** assertMayPlay on controls already read (a money call that reads them in its own statement). */
export function refuseWhileRestricted(c: Controls, now: number): void {
  const r = activeRestriction(c, now);
  if (!r) return;
  if (r.kind === 'COOL_OFF') throw new AppError(403, text(m.api_cool_off, { until: whenText(r.until!, c.timeZone) }), 'COOL_OFF');
  throw new AppError(403, r.until === null ? text(m.api_excluded_forever) : text(m.api_excluded_until, { until: whenText(r.until, c.timeZone) }), 'SELF_EXCLUDED');
}

/** Calendar months later in UTC (a 6-month exclusion from Aug 31 ends on the last day that month has). */
function addMonths(at: number, months: number): number {
  const d = new Date(at);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target.getTime();
}

// The end only ever moves later: a shorter request while a longer one runs changes nothing.
const UPSERT_COOL_OFF = `INSERT INTO play_controls (user_id, cool_off_until, updated_at) VALUES (?, ?, ?)
  ON CONFLICT(user_id) DO UPDATE SET cool_off_until = max(coalesce(cool_off_until, 0), excluded.cool_off_until), updated_at = excluded.updated_at`;
const UPSERT_EXCLUSION = `INSERT INTO play_controls (user_id, self_excluded_until, self_excluded_permanent, updated_at) VALUES (?, ?, ?, ?)
  ON CONFLICT(user_id) DO UPDATE SET self_excluded_until = nullif(max(coalesce(self_excluded_until, 0), coalesce(excluded.self_excluded_until, 0)), 0),
    self_excluded_permanent = self_excluded_permanent OR excluded.self_excluded_permanent, updated_at = excluded.updated_at`;

export async function startCoolOff(client: Client, userId: string, period: CoolOffPeriod, now = Date.now()): Promise<Controls> {
  await client.execute({ sql: UPSERT_COOL_OFF, args: [userId, now + COOL_OFF_PERIODS[period], now] });
  return readControls(client, userId);
}

/** The password was checked by the caller (services/protection/protection.service.ts). */
export async function startSelfExclusion(client: Client, userId: string, period: SelfExclusionPeriod, now = Date.now()): Promise<Controls> {
  const permanent = period === 'permanent';
  const until = permanent ? null : addMonths(now, period === '6m' ? 6 : 12);
  await client.execute({ sql: UPSERT_EXCLUSION, args: [userId, until, permanent ? 1 : 0, now] });
  return readControls(client, userId);
}

/**
 * Changes the zone limit periods are counted in. With a deposit limit in force the change waits
 * TIME_ZONE_DELAY_MS like a looser limit: moving a day's start could otherwise open a fresh window at once (a second
 * full daily limit the same day). Without any limit there is no window to move, so it applies at once. Asking for
 * the zone in force drops a waiting change.
 */
export async function setTimeZone(client: Client, userId: string, timeZone: string, now = Date.now()): Promise<void> {
  const [c, { limits }] = await Promise.all([readControls(client, userId, now), readLimits(client, userId, now)]);
  // Saving the form again with the zone already waiting keeps its time (the clock does not restart).
  if (c.pendingTimeZone?.timeZone === timeZone) return;
  const limited = Object.values(limits).some((l) => l !== null);
  const [current, pending, pendingAt] = timeZone === c.timeZone || !limited ? [timeZone, null, null] : [c.timeZone, timeZone, now + TIME_ZONE_DELAY_MS];
  await client.execute({
    sql: `INSERT INTO play_controls (user_id, time_zone, pending_time_zone, pending_time_zone_at, updated_at) VALUES (?, ?, ?, ?, ?)
          ON CONFLICT(user_id) DO UPDATE SET time_zone = excluded.time_zone, pending_time_zone = excluded.pending_time_zone,
            pending_time_zone_at = excluded.pending_time_zone_at, updated_at = excluded.updated_at`,
    args: [userId, current, pending, pendingAt, now],
  });
}

export const TIME_ZONE_DELAY_MS = LOOSEN_DELAY_MS;

/**
 * Whether the player may be sent marketing mail: never during a cool-off or self-exclusion. There is no marketing
 * mail yet; any mail that is not about the player's own account or money must ask this first.
 */
export async function mayReceiveMarketing(client: Client, userId: string, now = Date.now()): Promise<boolean> {
  return activeRestriction(await readControls(client, userId, now), now) === null;
}
