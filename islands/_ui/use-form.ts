import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { FieldErrors } from '../../src/shared/schemas/fields';

export type FormValue = string | boolean;

/** What the server saw when the form was posted without script: the values to show again and the messages. */
export type Posted = { values?: Record<string, string>; errors?: Record<string, string>; message?: string | null } | null | undefined;

/** The posted values over the initial ones: text as typed, a checkbox ticked when it was sent. */
function withPosted<V extends Record<string, FormValue>>(initial: V, posted: Posted): V {
  if (!posted?.values) return initial;
  const out: Record<string, FormValue> = { ...initial };
  for (const k of Object.keys(initial)) {
    const v = posted.values[k];
    if (typeof initial[k] === 'boolean') out[k] = v !== undefined && v !== '';
    else if (v !== undefined) out[k] = v;
  }
  return out as V;
}

/**
 * What the player typed before the island's script arrived: the browser keeps it in the server's inputs, and
 * the island takes it over (inputs carry `name` = the value's key) instead of wiping it.
 */
function typedBeforeHydration<V extends Record<string, FormValue>>(form: HTMLFormElement | null, values: V): Partial<V> {
  const typed: Record<string, FormValue> = {};
  if (!form) return typed as Partial<V>;
  for (const k of Object.keys(values)) {
    const el = form.elements.namedItem(k);
    if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement)) continue;
    const v = el instanceof HTMLInputElement && el.type === 'checkbox' ? el.checked : el.value;
    if (v !== values[k]) typed[k] = v;
  }
  return typed as Partial<V>;
}

/**
 * Form state with the spec's error rhythm (§4): nothing is shown until the first submit; from then on the shared
 * checks run live, so each field's message clears as soon as the player corrects it. Errors the server returned
 * for a field stay until that field is edited.
 */
export function useForm<V extends Record<string, FormValue>>(initial: V, check: (v: V) => FieldErrors, posted?: Posted,
  /** The message a field's edit answers, when several fields share one (a group of checkboxes). */
  messageOf: (field: string) => string = (f) => f) {
  const [values, setValues] = useState<V>(() => withPosted(initial, posted));
  const [tried, setTried] = useState(false);
  // A refused plain post's messages stay until their field is edited, as the API's own do.
  const [server, setServer] = useState<FieldErrors>(posted?.errors ?? {});
  const [focusTick, setFocusTick] = useState(0);
  // Fields given a new, empty box since the last submit (a new captcha): not wrong until the next submit.
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const formRef = useRef<HTMLFormElement>(null);
  const checked = tried ? check(values) : {};
  for (const f of fresh) delete checked[f];
  const errors: FieldErrors = { ...checked, ...server };

  useEffect(() => {
    const typed = typedBeforeHydration(formRef.current, values);
    if (Object.keys(typed).length) setValues((v) => ({ ...v, ...typed }));
    // Arriving from a refused plain post: keyboard and screen-reader users start at the first field to fix.
    if (posted?.errors && Object.keys(posted.errors).length) setFocusTick((n) => n + 1);
  }, []);

  // After a refused submit, take keyboard and screen-reader users to the first field that needs attention.
  useEffect(() => {
    if (focusTick) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusTick]);

  function set<K extends keyof V>(field: K, value: V[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    setServer((s) => {
      const key = messageOf(field as string);
      if (!(key in s)) return s;
      const { [key]: _, ...rest } = s;
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
      setFresh(new Set());
      const ok = Object.keys(check(values)).length === 0;
      if (!ok) setFocusTick((n) => n + 1);
      return ok;
    },
    /** Field messages from a server answer, shown at their fields. */
    showServerErrors(fieldErrors: FieldErrors) {
      setServer(fieldErrors);
      if (Object.keys(fieldErrors).length) setFocusTick((n) => n + 1);
    },
    /**
     * True for the first field (in the form's order) a refused plain post named: the server's page then carries
     * `autofocus` on it, so a player without script (or before it runs) starts there. React does not focus on
     * hydration, so the script never moves focus under a player who is already typing.
     */
    autoFocusOn(field: keyof V & string): true | undefined {
      const named = posted?.errors;
      if (!named) return undefined;
      return Object.keys(initial).find((k) => named[messageOf(k)] !== undefined) === field ? true : undefined;
    },
    reset(next: V = initial) {
      setValues(next);
      setTried(false);
      setServer({});
      setFresh(new Set());
    },
    /** Empties a field for a new question (a new captcha): no message at it until the next submit. */
    renew<K extends keyof V>(field: K, value: V[K]) {
      set(field, value);
      setFresh((f) => new Set([...f, field as string]));
    },
  };
}
