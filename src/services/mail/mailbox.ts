import type { Mailbox, Mailer } from './mail.port';

// Pages see only their context, not the app's adapters. The site settings object is one per app, so it
// keys that app's outbox for the development mailbox page without a global "current app".
const boxes = new WeakMap<object, Mailbox>();

/** Makes the outbox readable by the mailbox page of the app whose settings are `site`; returns `site`. */
export function exposeMailbox<S extends object>(site: S, mailer: Mailer): S {
  if ('list' in mailer && typeof mailer.list === 'function') boxes.set(site, mailer as Mailer & Mailbox);
  return site;
}

export const mailboxOf = (site: object): Mailbox | null => boxes.get(site) ?? null;
