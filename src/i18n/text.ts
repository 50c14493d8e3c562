// A message to be said later in a language not yet known: what a service puts in an AppError, so services never
// read the request. The error plugin renders it in the request's language; `.message` keeps the English.
import type { Lang } from './lang';

/** A compiled message function (src/i18n/paraglide/messages): its inputs, and the language to say it in. */
export type MessageFn<P> = (inputs: P, options?: { locale?: Lang }) => string;

export type Text = { readonly render: (lang: Lang) => string };

export function text(message: MessageFn<Record<string, never>>): Text;
export function text<P extends Record<string, unknown>>(message: MessageFn<P>, inputs: P): Text;
export function text<P>(message: MessageFn<P>, inputs?: P): Text {
  return { render: (lang) => message((inputs ?? {}) as P, { locale: lang }) };
}

export const isText = (v: unknown): v is Text => !!v && typeof v === 'object' && typeof (v as Text).render === 'function';
