// Toasts from any island: an event the page's enhancement script (src/client/enhance.ts) draws.
// Durations follow spec §9; a toast with a fixed id replaces the one already shown with that id.
export type ToastKind = 'success' | 'error' | 'loading' | 'blank' | 'custom';
export type ToastOptions = { id?: string; durationMs?: number };
export type ToastDetail = { kind: ToastKind; message: string } & ToastOptions;

export const TOAST_EVENT = 'coinreel:toast';
export const TOAST_DISMISS_EVENT = 'coinreel:toast-dismiss';

const show = (kind: ToastKind) => (message: string, opts: ToastOptions = {}) => {
  document.dispatchEvent(new CustomEvent<ToastDetail>(TOAST_EVENT, { detail: { kind, message, ...opts } }));
};

export const toast = Object.assign(show('blank'), {
  success: show('success'),
  error: show('error'),
  loading: show('loading'),
  custom: show('custom'),
  dismiss: (id: string) => document.dispatchEvent(new CustomEvent(TOAST_DISMISS_EVENT, { detail: { id } })),
});
