// A notification's words in the current language: its type as its heading, its content's fallback, its age (spec §2,
// §9). Apart from the history's rules (history-format.ts re-exports them), so the history's table carries none of them.
import { m } from '../../src/i18n/paraglide/messages.js';

/** spec §9: under 60 minutes 'Nm ago', under 24 hours 'Nh ago', else 'Nd ago'; under a minute 'just now', not '0m ago'. */
export function relativeAge(iso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
  if (!Number.isFinite(minutes)) return '';
  if (minutes < 1) return m.islands_age_now();
  if (minutes < 60) return m.islands_age_minutes({ count: minutes });
  if (minutes < 24 * 60) return m.islands_age_hours({ count: Math.floor(minutes / 60) });
  return m.islands_age_days({ count: Math.floor(minutes / (24 * 60)) });
}

// Each notice's type as its heading says it (in English the type with underscores as spaces, spec §2).
const NOTE_TYPES: Record<string, () => string> = {
  P2P_SENT: m.islands_notes_type_p2p_sent, P2P_RECEIVED: m.islands_notes_type_p2p_received, DEPOSIT: m.islands_notes_type_deposit,
  DEPOSIT_HELD: m.islands_notes_type_deposit_held, DEPOSIT_RELEASED: m.islands_notes_type_deposit_released, DEPOSIT_REFUNDED: m.islands_notes_type_deposit_refunded,
  DEPOSIT_REVERSED: m.islands_notes_type_deposit_reversed, HELD_RELEASE: m.islands_notes_type_held_release, IDENTITY_VERIFIED: m.islands_notes_type_identity_verified,
  IDENTITY_REJECTED: m.islands_notes_type_identity_rejected, ADJUSTMENT: m.islands_notes_type_adjustment, FREEPLAY_REDEEMED: m.islands_notes_type_freeplay_redeemed,
  WITHDRAW: m.islands_notes_type_withdraw, WITHDRAWAL_REQUESTED: m.islands_notes_type_withdrawal_requested, WITHDRAWAL_SENT: m.islands_notes_type_withdrawal_sent,
  WITHDRAWAL_CANCELLED: m.islands_notes_type_withdrawal_cancelled, GAME_PASSWORD_RESET: m.islands_notes_type_game_password_reset,
  GAME_PASSWORD_RESET_FAILED: m.islands_notes_type_game_password_reset_failed, GAME_TRANSFER: m.islands_notes_type_game_transfer,
  GAME_TRANSFER_FAILED: m.islands_notes_type_game_transfer_failed, GAME_REDEEM: m.islands_notes_type_game_redeem, GAME_REDEEM_FAILED: m.islands_notes_type_game_redeem_failed,
  PROOF_OF_LIABILITIES: m.islands_notes_type_proof,
};

/** spec §2: the type with underscores as spaces (a known type in the page's language), else 'Unknown Type'. */
export const notificationType = (t: unknown) =>
  typeof t === 'string' && t.trim() ? (Object.hasOwn(NOTE_TYPES, t) ? NOTE_TYPES[t]!() : t.replace(/_/g, ' ')) : m.islands_notes_unknown_type();
export const notificationContent = (c: unknown) => (typeof c === 'string' && c.trim() ? c : m.islands_notes_no_content());
