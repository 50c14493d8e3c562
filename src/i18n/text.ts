// A message to be said later in a language not yet known: what a service puts in an AppError, so services never
// read the request. The error plugin renders it in the request's language; `.message` keeps the English.
import type { Lang } from './lang';

/** A compiled message function (src/i18n/paraglide/messages): its inputs, and the language to say it in. */
export type MessageFn<P> = (inputs: P, options?: { locale?: Lang }) => string;

export type Text = { readonly render: (lang: Lang) => string };

export function text(message: MessageFn<Record<string, never>>): Text;
export function text<P extends Record<string, unknown>>(message: MessageFn<P>, inputs: P | { [K in keyof P]: P[K] | Text }): Text;
export function text<P>(message: MessageFn<P>, inputs?: Record<string, unknown>): Text {
  // An input may itself be a Text (a reason, a date): it is said in the same language.
  return { render: (lang) => message(sayInputs(inputs ?? {}, lang) as P, { locale: lang }) };
}

/** The same words in every language: what a person wrote (an operator's reason), or a game's own answer. */
export const asWritten = (s: string): Text => ({ render: () => s });

const sayInputs = (inputs: Record<string, unknown>, lang: Lang) =>
  Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, isText(v) ? v.render(lang) : v]));

export const isText = (v: unknown): v is Text => !!v && typeof v === 'object' && typeof (v as Text).render === 'function';
