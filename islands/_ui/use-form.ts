import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { FieldErrors } from '../../src/shared/schemas/fields';

export type FormValue = string | boolean;

/**
 * Form state with the spec's error rhythm (§4): nothing is shown until the first submit; from then on the shared
 * checks run live, so each field's message clears as soon as the player corrects it. Errors the server returned
 * for a field stay until that field is edited.
 */
export function useForm<V extends Record<string, FormValue>>(initial: V, check: (v: V) => FieldErrors) {
  const [values, setValues] = useState<V>(initial);
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<FieldErrors>({});
  const [focusTick, setFocusTick] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const errors: FieldErrors = tried ? { ...check(values), ...server } : server;

  // After a refused submit, take keyboard and screen-reader users to the first field that needs attention.
  useEffect(() => {
    if (focusTick) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusTick]);

  function set<K extends keyof V>(field: K, value: V[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    setServer((s) => {
      if (!(field in s)) return s;
      const { [field as string]: _, ...rest } = s;
      return rest;
    });
  }

  return {
    values,
    errors,
    formRef,
    set,
    /** Marks the form as tried; true when the shared checks pass and the request may go. */
    attempt(e?: FormEvent): boolean {
      e?.preventDefault();
      setTried(true);
      const ok = Object.keys(check(values)).length === 0;
      if (!ok) setFocusTick((n) => n + 1);
      return ok;
    },
    /** Field messages from a server answer, shown at their fields. */
    showServerErrors(fieldErrors: FieldErrors) {
      setServer(fieldErrors);
      if (Object.keys(fieldErrors).length) setFocusTick((n) => n + 1);
    },
    reset(next: V = initial) {
      setValues(next);
      setTried(false);
      setServer({});
    },
  };
}
