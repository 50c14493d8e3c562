// The reasons the site itself gives for a withdrawal or a game move that did not go through. They are kept in the
// database in English (the console reads them as written) and said in the reader's language wherever a player meets
// them; a reason someone wrote (an operator's, a game's own) is shown as written.
import { asWritten, type Text } from '../../i18n/text';
import { renderStored, stored, storedText, type StoredInput, type StoredKey } from './stored-text';

const KNOWN: StoredKey[] = [
  'api_reason_duplicate_destination', 'api_reason_overdraft', 'api_reason_amount_too_low', 'api_reason_payment_refused',
  'api_reason_payout_cancelled', 'api_reason_payment_unreachable', 'api_reason_cancelled_by_player',
  'api_reason_game_account_not_found', 'api_reason_game_not_enough', 'api_reason_game_no_record', 'api_reason_game_no_user_name',
  'api_reason_game_unavailable', 'api_reason_game_no_credits', 'api_reason_game_operator_failed', 'api_reason_game_refused',
  'api_reason_vendor_rejected',
];

let byEnglish: Map<string, StoredKey> | null = null;
const known = (reason: string) => (byEnglish ??= new Map(KNOWN.map((k) => [renderStored(stored(k), 'en'), k]))).get(reason.trim());

/** The English a reason is kept in. */
export const reasonEnglish = (k: (typeof KNOWN)[number]) => renderStored(stored(k), 'en');

/** A reason as kept, for a stored notification: the site's own words by key, anyone else's as written. */
export function reasonInput(reason: string): StoredInput {
  const k = known(reason);
  return k ? stored(k) : reason;
}

/** A reason as kept, for an answer: the site's own words in the request's language, anyone else's as written. */
export function reasonText(reason: string): Text {
  const k = known(reason);
  return k ? storedText(stored(k)) : asWritten(reason);
}
