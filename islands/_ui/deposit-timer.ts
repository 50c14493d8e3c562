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
const MILESTONES: [number, string][] = [
  [0, 'The invoice has expired. Start a new deposit to get a new one.'],
  [60, '1 minute left to pay the invoice.'],
  [WARNING_SECONDS, '5 minutes left to pay the invoice.'],
];

/** The message for a milestone crossed going from `before` to `now` seconds left, if any. */
export function milestone(before: number, now: number): string | null {
  for (const [at, message] of MILESTONES) if (before > at && now <= at) return message;
  return null;
}
