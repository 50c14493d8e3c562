// The toast system of spec §9, drawn in plain DOM so every page has it without React. Islands raise toasts
// through islands/_client/toast.ts (a document event); links raise them with data-toast.
import { word } from '../../islands/_client/page-words';
import { TOAST_DISMISS_EVENT, TOAST_EVENT, type ToastDetail, type ToastKind } from '../../islands/_client/toast';

export const TOAST_DURATIONS_MS: Record<ToastKind, number> = { error: 4000, success: 2000, blank: 4000, loading: Infinity, custom: 4000 };
export const MAX_TOASTS = 20;

type Shown = { el: HTMLElement; timer?: ReturnType<typeof setTimeout> };

const KINDS = new Set<string>(Object.keys(TOAST_DURATIONS_MS));

export function initToasts(doc: Document = document): () => void {
  const ac = new AbortController();
  const shown = new Map<string, Shown>();
  let seq = 0;
  const region = () => {
    let r = doc.getElementById('toasts');
    if (!r) {
      r = doc.createElement('div');
      r.id = 'toasts';
      r.className = 'toasts';
      r.setAttribute('role', 'status');
      r.setAttribute('aria-live', 'polite');
      doc.body.append(r);
    }
    return r;
  };

  const dismiss = (id: string) => {
    const t = shown.get(id);
    if (!t) return;
    clearTimeout(t.timer);
    t.el.remove();
    shown.delete(id);
  };

  const show = (d: ToastDetail) => {
    const kind: ToastKind = KINDS.has(d.kind) ? d.kind : 'blank';
    const id = d.id ?? `toast-${++seq}`;
    let t = shown.get(id);
    if (!t) {
      // A fixed id is shown once: a repeat replaces the message and restarts the clock.
      t = { el: build(doc, () => dismiss(id)) };
      shown.set(id, t);
      region().prepend(t.el);
    }
    t.el.className = `toast toast-${kind}`;
    t.el.querySelector('p')!.textContent = d.message;
    clearTimeout(t.timer);
    const ms = d.durationMs ?? TOAST_DURATIONS_MS[kind];
    if (Number.isFinite(ms)) t.timer = setTimeout(() => dismiss(id), ms);
    // Oldest beyond the cap go first (newest are on top).
    while (shown.size > MAX_TOASTS) dismiss(shown.keys().next().value!);
  };

  const on = { signal: ac.signal };
  doc.addEventListener(TOAST_EVENT, (e) => show((e as CustomEvent<ToastDetail>).detail), on);
  doc.addEventListener(TOAST_DISMISS_EVENT, (e) => dismiss((e as CustomEvent<{ id: string }>).detail.id), on);
  doc.addEventListener(
    'click',
    (e) => {
      const a = (e.target as Element).closest?.<HTMLElement>('[data-toast]');
      if (!a) return;
      e.preventDefault();
      const message = a.dataset.toast!;
      show({ kind: (a.dataset.toastKind as ToastKind) ?? 'blank', message, id: a.dataset.toastId ?? `link:${message}` });
    },
    on,
  );
  return () => {
    ac.abort();
    for (const id of [...shown.keys()]) dismiss(id);
  };
}

function build(doc: Document, close: () => void): HTMLElement {
  const el = doc.createElement('div');
  const icon = doc.createElement('span');
  icon.className = 'toast-icon';
  icon.setAttribute('aria-hidden', 'true');
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'toast-close';
  button.setAttribute('aria-label', word('close', 'Dismiss', doc));
  button.textContent = '×';
  button.addEventListener('click', close);
  el.append(icon, doc.createElement('p'), button);
  return el;
}
