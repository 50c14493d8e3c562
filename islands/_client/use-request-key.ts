import { useRef } from 'react';
import { idempotencyKey } from './idempotency';

/**
 * The Idempotency-Key of a money form: the same for the same request until an answer comes, so a retry after a lost
 * answer (the network dropped it after the server had moved the money) is recognised and moves nothing twice. Any
 * answer ends it (the server keeps refusals too), and a changed request gets a new one.
 */
export function useRequestKey() {
  const held = useRef<{ key: string; request: string } | null>(null);
  return {
    /** The key for this request: the held one while the same request waits for an answer, else a new one. */
    for(request: unknown): string {
      const r = JSON.stringify(request);
      if (held.current?.request !== r) held.current = { key: idempotencyKey(), request: r };
      return held.current.key;
    },
    /** The server answered: the next request is a new one. */
    answered() {
      held.current = null;
    },
  };
}
