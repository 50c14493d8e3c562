// The invoice countdown of spec §4 and §9, as plain functions the DepositStatus island and its tests share. The
// countdown runs to the invoice's own expiry as the payment provider set it (docs/decisions/deposit-page.md).

export const TIMER_SECONDS = 1800;
export const WARNING_SECONDS = 300;

/** 1799 → "29:59". */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

// Screen readers hear the countdown only when it matters, never every second.
export type Milestones = { expired: string; oneMinute: string; fiveMinutes: string };
/** Their English; the island says them from its messages and writes them on its root for the boot script (`data-said-*`). */
export const MILESTONES_EN: Milestones = {
  expired: 'The invoice has expired. Start a new deposit to get a new one.',
  oneMinute: '1 minute left to pay the invoice.',
  fiveMinutes: '5 minutes left to pay the invoice.',
};

/** The message for a milestone crossed going from `before` to `now` seconds left, if any. */
export function milestone(before: number, now: number, said: Milestones = MILESTONES_EN): string | null {
  const marks: [number, string][] = [[0, said.expired], [60, said.oneMinute], [WARNING_SECONDS, said.fiveMinutes]];
  for (const [at, message] of marks) if (before > at && now <= at) return message;
  return null;
}

/** The milestones as the island wrote them on an element (`data-said-expired`, …), English where one is missing. */
export function milestonesOf(el: HTMLElement | null | undefined): Milestones {
  const d = el?.dataset ?? {};
  return { expired: d.saidExpired || MILESTONES_EN.expired, oneMinute: d.saidOneMinute || MILESTONES_EN.oneMinute, fiveMinutes: d.saidFiveMinutes || MILESTONES_EN.fiveMinutes };
}
