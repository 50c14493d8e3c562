import { readCents } from '../../shared/money';

/**
 * The watch's settings (README, Configuration), as the environment gives them: each rule on by default, `off` turns
 * it off. Thresholds are dollars there and cents here; a share is basis points, so no rule compares a float.
 */
export type AmlSettings = {
  /** In and out without play: the least share of what came in since the last withdrawal that must have gone to games. */
  minPlayShareBp: number | null;
  /** Fan-in / fan-out: how many different players in 24 h. */
  p2pParties: number | null;
  /** The reporting threshold: the daily totals report, and structuring's band (10 % below it). */
  reportCents: number;
  /** Structuring: how many deposits or withdrawals in 24 h within the band. */
  structuringCount: number | null;
  /** A player's first deposit of at least this. */
  firstDepositCents: number | null;
  /** How many accounts signing in from one device or one address in 7 days. */
  sharedAccounts: number | null;
  /** A withdrawal to an address or Lightning node another player has withdrawn to. */
  sharedDestination: boolean;
};

export const AML_DEFAULTS = {
  AML_MIN_PLAY_SHARE: '0.25', AML_P2P_PARTIES: '5', AML_REPORT_DOLLARS: '10000', AML_STRUCTURING_COUNT: '3',
  AML_FIRST_DEPOSIT_DOLLARS: '2000', AML_SHARED_ACCOUNTS: '3', AML_SHARED_DESTINATION: 'on',
} as const;

export type AmlEnv = { [K in keyof typeof AML_DEFAULTS]: string };

const off = (v: string) => v.trim().toLowerCase() === 'off';

/** A share from 0 to 1 with at most four decimals, as basis points (0.25 → 2500); null when it is not one. */
export function shareBp(v: string): number | null {
  const m = /^(0|1)(?:\.(\d{1,4}))?$/.exec(v.trim());
  if (!m) return null;
  const bp = Number(m[1]) * 10_000 + Number((m[2] ?? '').padEnd(4, '0'));
  return bp <= 10_000 ? bp : null;
}

/** Dollars with at most two decimals, more than zero and at most a billion, as cents; null when they are not. */
export function dollarsCents(v: string): number | null {
  const r = readCents(v, { maxCents: 100_000_000_000, text: 'plain' });
  return r.ok ? r.cents : null;
}

/** A whole count from `min` to 1,000; null when it is not one. */
export function count(v: string, min: number): number | null {
  if (!/^\d{1,4}$/.test(v.trim())) return null;
  const n = Number(v);
  return n >= min && n <= 1000 ? n : null;
}

/** Each variable's rule: undefined when the value is good, else what it must be (config.ts names the variable). */
export const AML_RULES: Record<keyof AmlEnv, (v: string) => string | undefined> = {
  AML_MIN_PLAY_SHARE: (v) => (off(v) || shareBp(v) !== null ? undefined : 'must be a share from 0 to 1 (e.g. 0.25), or off'),
  AML_P2P_PARTIES: (v) => (off(v) || count(v, 2) !== null ? undefined : 'must be a whole number of players from 2 to 1000, or off'),
  AML_REPORT_DOLLARS: (v) => (dollarsCents(v) !== null ? undefined : 'must be an amount of dollars above zero, e.g. 10000'),
  AML_STRUCTURING_COUNT: (v) => (off(v) || count(v, 2) !== null ? undefined : 'must be a whole number from 2 to 1000, or off'),
  AML_FIRST_DEPOSIT_DOLLARS: (v) => (off(v) || dollarsCents(v) !== null ? undefined : 'must be an amount of dollars above zero, e.g. 2000, or off'),
  AML_SHARED_ACCOUNTS: (v) => (off(v) || count(v, 2) !== null ? undefined : 'must be a whole number of accounts from 2 to 1000, or off'),
  AML_SHARED_DESTINATION: (v) => (['on', 'off'].includes(v.trim().toLowerCase()) ? undefined : 'must be on or off'),
};

/** The settings from checked values (config.ts has refused any bad one). */
export function amlSettings(env: AmlEnv): AmlSettings {
  const or = <T>(v: string, read: (v: string) => T | null): T | null => (off(v) ? null : read(v));
  return {
    minPlayShareBp: or(env.AML_MIN_PLAY_SHARE, shareBp),
    p2pParties: or(env.AML_P2P_PARTIES, (v) => count(v, 2)),
    reportCents: dollarsCents(env.AML_REPORT_DOLLARS)!,
    structuringCount: or(env.AML_STRUCTURING_COUNT, (v) => count(v, 2)),
    firstDepositCents: or(env.AML_FIRST_DEPOSIT_DOLLARS, dollarsCents),
    sharedAccounts: or(env.AML_SHARED_ACCOUNTS, (v) => count(v, 2)),
    sharedDestination: !off(env.AML_SHARED_DESTINATION),
  };
}

/** The band structuring counts: at least 10 % below the reporting threshold, and below it. */
export const structuringBand = (reportCents: number) => ({ fromCents: Math.ceil((reportCents * 9) / 10), belowCents: reportCents });
