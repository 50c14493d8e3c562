import type { Text } from '../../i18n/text';

/** Who is looking at the page; null for a visitor. Balance is the available balance in cents. */
export type Viewer = { userId: string; playerId: number; email: string; name: string | null; walletCents: number;
  /** The session the page was asked in (the per-session form token is derived from it). */
  sessionId?: string;
  /** USER (a player) or ADMIN (an operator, who may use /admin). */
  role?: 'USER' | 'ADMIN';
  /** The player's own profile fields, for the profile page's first HTML. */
  phoneNo?: string | null; pendingEmail?: string | null;
  /** Two-step verification is on: the forms that need a code show its box. */
  twoStep?: boolean;
  /** This session was signed in with a second factor (a two-step code or a recovery code), not the password alone. */
  secondFactor?: boolean;
  /** A cool-off or self-exclusion running now: every page shows its banner, and the actions it closes are disabled. */
  restriction?: { kind: 'COOL_OFF' | 'SELF_EXCLUDED'; bannerText: Text; reasonText: Text };
  /** The language the player saved (Profile Settings, or the page they registered from); null: never chosen. */
  language?: 'en' | 'es' | null };
