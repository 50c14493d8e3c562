import { useSyncExternalStore } from 'react';
import type { ReadonlySignal } from '@preact/signals-react';

/**
 * A signal's value in a React component, re-rendering when it changes (no signals Babel transform needed).
 * While hydrating, React uses `hydrationValue` so the first client render matches the server's HTML even if
 * the signal moved meanwhile (another island set it, a push arrived); the live value follows at once.
 */
export function useSignalValue<T>(sig: ReadonlySignal<T>, hydrationValue: T = sig.value): T {
  return useSyncExternalStore(
    (onChange) => sig.subscribe(() => onChange()),
    () => sig.value,
    () => hydrationValue,
  );
}
