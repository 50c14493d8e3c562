import { isUsState, stateText } from './us-states';
import { text, type Text } from '../../i18n/text';
import { m } from '../../i18n/paraglide/messages.js';

/**
 * The registration's state, asked only when RESTRICTED_STATES is set (docs/decisions/identity.md): required then,
 * a US state, and not one of the restricted ones.
 */
export function checkRegisteredState(value: unknown, restricted: string[]): Record<string, Text> {
  if (!restricted.length) return {};
  const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
  if (!isUsState(code)) return { state: text(m.auth_state_required) };
  if (restricted.includes(code)) return { state: text(m.api_state_closed, { state: stateText(code) }) };
  return {};
}
