import type { PageContext } from '../page';

/** What the profile page's responsible-gaming and security sections show, as the API gives it (dollars, ISO dates). */
export type ProtectionData = {
  limits: {
    deposit: { daily: number | null; weekly: number | null; monthly: number | null };
    pending: { period: string; amount: number | null; effectiveAt: string }[];
    coolOffUntil: string | null;
    selfExcludedUntil: string | null;
    timeZone: string;
    pendingTimeZone?: { timeZone: string; effectiveAt: string } | null;
  } | null;
  sessions: { id: string; device: string | null; ip: string | null; createdAt: string; lastSeenAt: string; current: boolean }[];
  events: { type: string; at: string; ip: string | null; device: string | null }[];
};

/** Read through the site's own API as the viewer, like the islands would. */
export async function loadProtection(ctx: PageContext): Promise<ProtectionData> {
  const [limits, sessions, events] = await Promise.all([ctx.api?.('/user/limits'), ctx.api?.('/user/sessions'), ctx.api?.('/user/security-events?page=1')]);
  return {
    limits: (limits as ProtectionData['limits']) ?? null,
    sessions: (sessions?.sessions as ProtectionData['sessions']) ?? [],
    events: ((events?.events as ProtectionData['events']) ?? []).slice(0, 10),
  };
}
