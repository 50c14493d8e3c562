import { hasControlChars, str, type FieldErrors } from './fields';
import { typedAmount } from './amount-input';
import { isPositiveAmount, type AmountOpts } from './wallet';
import { m } from '../../i18n/paraglide/messages.js';

/** spec §5: Transfer/redeem. The form calls the user name `username`; the API `userName`. */
export function checkGameMove(input: { gameId?: unknown; userName?: unknown; amount?: unknown }, opts: AmountOpts = {}): FieldErrors {
  const e: FieldErrors = {};
  if (!str(input.gameId).trim()) e.gameId = m.fields_game_required();
  if (!str(input.userName).trim()) e.userName = m.fields_user_name_required();
  if (!isPositiveAmount(input.amount, opts)) e.amount = m.fields_amount_invalid();
  return e;
}

/** The transfer and redeem forms as typed: the amount read the way people write it (`$5`, `1,000.50`). */
export function checkGameMoveTyped(input: { gameId?: unknown; userName?: unknown; amount?: unknown }): FieldErrors {
  const r = typedAmount(input.amount, { required: m.fields_amount_invalid(), notPositive: m.fields_amount_invalid() });
  const e = checkGameMove({ ...input, amount: r.ok ? r.text : '1' });
  if (!r.ok) e.amount = r.message;
  return e;
}

export const GAME_PASSWORD_MIN = 5;
export const GAME_PASSWORD_MAX = 64;

/** spec §5: Game password reset — at least 5 characters (shown under the input with an asterisk). */
export function checkGamePassword(input: { requestedPassword?: unknown }): FieldErrors {
  const p = str(input.requestedPassword);
  if (p.length < GAME_PASSWORD_MIN) return { requestedPassword: m.fields_game_password_short({ min: GAME_PASSWORD_MIN }) };
  // Game back offices take plain printable passwords of modest length.
  if (p.length > GAME_PASSWORD_MAX) return { requestedPassword: m.fields_game_password_long({ max: GAME_PASSWORD_MAX }) };
  if (hasControlChars(p) || /\s/.test(p)) return { requestedPassword: m.fields_game_password_spaces() };
  return {};
}
