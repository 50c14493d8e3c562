import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server and during hydration, true afterwards: text that depends on the browser (its time zone,
 * the current minute) renders as the server did first, so hydration matches, then switches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(never, () => true, () => false);
}
