import { isUsState, stateName } from './us-states';

/**
 * The registration's state, asked only when RESTRICTED_STATES is set (docs/decisions/identity.md): required then,
 * a US state, and not one of the restricted ones.
 */
export function checkRegisteredState(value: unknown, restricted: string[]): Record<string, string> {
  if (!restricted.length) return {};
  const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
  if (!isUsState(code)) return { state: 'Choose the US state you live in' };
  if (restricted.includes(code)) return { state: `Sorry, ${stateName(code)} residents cannot play on this site.` };
  return {};
}
