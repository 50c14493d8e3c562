// The Lightning QR countdown of spec §4 and §9, as plain functions the DepositStatus island and its tests share.

export const TIMER_SECONDS = 1800;
export const WARNING_SECONDS = 300;
/** Browser storage key of spec §3; the value also names the addresses it belongs to. */
export const TIMER_STORAGE_KEY = 'btc-timer-start';
/** What an expired Lightning QR encodes (spec §4); the page draws it on the server. */
export const EXPIRED_QR_TEXT = 'This Qr has been expired';
export const ADDRESS_DISPLAY_CHARS = 100;

type Stored = { for: string; startedAt: number };

/** Whole seconds left of the 1800, never below 0 nor above 1800 (a clock set back must not add time). */
export function secondsLeft(startedAtMs: number, nowMs: number): number {
  const elapsed = Math.floor((nowMs - startedAtMs) / 1000);
  return Math.min(TIMER_SECONDS, Math.max(0, TIMER_SECONDS - elapsed));
}

/** 1799 → "29:59". */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

function read(storage: Storage, key: string): number | null {
  try {
    const v = JSON.parse(storage.getItem(TIMER_STORAGE_KEY) ?? 'null') as Partial<Stored> | null;
    return v?.for === key && typeof v.startedAt === 'number' && Number.isFinite(v.startedAt) ? v.startedAt : null;
  } catch {
    return null;
  }
}

/**
 * When this deposit's countdown started. A reload of the same addresses continues the stored start; any other
 * addresses (a new query string) start afresh at 1800 s. Storage may be missing or refuse writes (private
 * windows): the countdown then simply starts now.
 */
export function timerStart(storage: Storage | null, key: string, nowMs: number): number {
  if (!storage) return nowMs;
  const stored = read(storage, key);
  if (stored !== null && stored <= nowMs) return stored;
  try {
    storage.setItem(TIMER_STORAGE_KEY, JSON.stringify({ for: key, startedAt: nowMs } satisfies Stored));
  } catch {
    // Not kept: a reload will start the countdown again, which is the safe direction.
  }
  return nowMs;
}

export const browserStorage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

// Screen readers hear the countdown only when it matters, never every second.
const MILESTONES: [number, string][] = [
  [0, 'The Lightning invoice has expired. Start a new deposit to get a new one.'],
  [60, '1 minute left to pay the Lightning invoice.'],
  [WARNING_SECONDS, '5 minutes left to pay the Lightning invoice.'],
];

/** The message for a milestone crossed going from `before` to `now` seconds left, if any. */
export function milestone(before: number, now: number): string | null {
  for (const [at, message] of MILESTONES) if (before > at && now <= at) return message;
  return null;
}

/** spec §2: the address shown is cut at 100 characters with an ellipsis; copying takes the whole of it. */
export const shortAddress = (address: string): string =>
  address.length > ADDRESS_DISPLAY_CHARS ? `${address.slice(0, ADDRESS_DISPLAY_CHARS)}…` : address;
