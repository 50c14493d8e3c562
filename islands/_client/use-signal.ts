import { useSyncExternalStore } from 'react';
import type { ReadonlySignal } from '@preact/signals-react';

/**
 * A signal's value in a React component, re-rendering when it changes. useSyncExternalStore keeps the server
 * render and hydration consistent without the signals Babel transform.
 */
export function useSignalValue<T>(sig: ReadonlySignal<T>): T {
  return useSyncExternalStore(
    (onChange) => sig.subscribe(() => onChange()),
    () => sig.value,
    () => sig.value,
  );
}
