import type { MailMessage } from './mail.port';
import { noticeMail, type MailSite } from './templates';
import { deviceIn, whenIn } from './mail-lang';
import { formatMoney } from '../../i18n/format';
import type { Lang } from '../../i18n/lang';
import { m } from '../../i18n/paraglide/messages.js';

// The account-security notices, each in the receiving player's saved language (`lang`); dates on the site's clock.

/** The English of the line every account-security mail ends with (tests look for it). */
export const NOT_YOU = 'If this was not you, reset your password and contact support';

const notYou = (site: MailSite, lang: Lang) => m.mail_not_you({ support: site.supportEmail }, { locale: lang });

export function newDeviceMail(site: MailSite, to: string, s: { device: string | null; ip: string | null; at: number }, lang: Lang = 'en'): MailMessage {
  const locale = { locale: lang };
  const words = { device: deviceIn(lang, s.device), when: whenIn(lang, s.at) };
  return noticeMail(site, to, {
    subject: m.mail_new_device_subject({ site: site.siteName }, locale),
    heading: m.mail_new_device_heading({}, locale),
    paragraphs: [s.ip ? m.mail_new_device_text_ip({ ...words, ip: s.ip }, locale) : m.mail_new_device_text(words, locale), notYou(site, lang)],
  }, lang);
}

/** After a password change from the profile, or a reset through an e-mailed link. */
export function passwordChangedMail(site: MailSite, to: string, how: 'changed' | 'reset', at: number, lang: Lang = 'en'): MailMessage {
  const locale = { locale: lang };
  const reset = how === 'reset';
  const s = { site: site.siteName };
  const when = { when: whenIn(lang, at) };
  return noticeMail(site, to, {
    subject: reset ? m.mail_password_reset_subject(s, locale) : m.mail_password_changed_subject(s, locale),
    heading: reset ? m.mail_password_reset_heading({}, locale) : m.mail_password_changed_heading({}, locale),
    paragraphs: [reset ? m.mail_password_reset_text(when, locale) : m.mail_password_changed_text(when, locale), notYou(site, lang)],
  }, lang);
}

/**
 * Once an e-mail change is confirmed: to the new address and, so a takeover is noticed, the old one. The old one's
 * copy carries `undoLink`, which puts the old address back and signs every device out.
 */
export function emailChangedMail(site: MailSite, to: string, change: { from: string; to: string; at: number }, undoLink?: string, lang: Lang = 'en'): MailMessage {
  const locale = { locale: lang };
  return noticeMail(site, to, {
    subject: m.mail_email_changed_subject({ site: site.siteName }, locale),
    heading: m.mail_email_changed_heading({}, locale),
    paragraphs: [
      m.mail_email_changed_text({ from: change.from, to: change.to, when: whenIn(lang, change.at) }, locale),
      ...(undoLink ? [m.mail_email_changed_undo({}, locale)] : []),
      notYou(site, lang),
    ],
    ...(undoLink && { action: { label: m.mail_email_changed_button({}, locale), url: undoLink }, footnote: m.mail_email_changed_footnote({}, locale) }),
  }, lang);
}

/** `amount`: the dollars as written when queued (rows queued before they carried `amountCents`). */
export function withdrawalRequestedMail(site: MailSite, to: string, w: { amountCents?: number; amount?: string; currency: string; destination: string; at: number }, lang: Lang = 'en'): MailMessage {
  const locale = { locale: lang };
  const amount = w.amountCents != null ? formatMoney(w.amountCents, lang) : String(w.amount);
  const method = w.currency === 'BTC-LN' ? m.mail_method_lightning({}, locale) : m.mail_method_chain({}, locale);
  return noticeMail(site, to, {
    subject: m.mail_withdrawal_requested_subject({ amount }, locale),
    heading: m.mail_withdrawal_requested_heading({}, locale),
    paragraphs: [m.mail_withdrawal_requested_text({ amount, method, destination: w.destination, when: whenIn(lang, w.at) }, locale), notYou(site, lang)],
  }, lang);
}

export function twoStepChangedMail(site: MailSite, to: string, on: boolean, byOperator: boolean, at: number, lang: Lang = 'en'): MailMessage {
  const locale = { locale: lang };
  const when = { when: whenIn(lang, at) };
  return noticeMail(site, to, {
    subject: on ? m.mail_two_step_on_subject({}, locale) : m.mail_two_step_off_subject({}, locale),
    heading: on ? m.mail_two_step_on_heading({}, locale) : m.mail_two_step_off_heading({}, locale),
    paragraphs: [
      on ? m.mail_two_step_on_text(when, locale) : byOperator ? m.mail_two_step_off_operator_text(when, locale) : m.mail_two_step_off_text(when, locale),
      notYou(site, lang),
    ],
  }, lang);
}

/** A tax number put on file or changed: only its last four digits, never the number. */
export function taxDetailsChangedMail(site: MailSite, to: string, t: { type: string; last4: string; byOperator: boolean; first: boolean; at: number }, lang: Lang = 'en'): MailMessage {
  const locale = { locale: lang };
  const words = { when: whenIn(lang, t.at), type: t.type, last4: t.last4 };
  const text = t.first
    ? (t.byOperator ? m.mail_tax_first_operator_text : m.mail_tax_first_text)
    : (t.byOperator ? m.mail_tax_changed_operator_text : m.mail_tax_changed_text);
  return noticeMail(site, to, {
    subject: m.mail_tax_subject({}, locale),
    heading: m.mail_tax_heading({}, locale),
    paragraphs: [text(words, locale), notYou(site, lang)],
  }, lang);
}

/**
 * An operator turned two-step on: the link that proves they read this mailbox, and where the request came from.
 * Two-step stays off (and the console shut) until the link is opened in the browser that asked. The console speaks
 * English, and so does this mail.
 */
export function twoStepConfirmMail(site: MailSite, to: string, c: { link: string; device: string | null; ip: string | null; at: number }): MailMessage {
  return noticeMail(site, to, {
    subject: 'Confirm two-step verification for the operator console',
    heading: 'Confirm two-step verification',
    paragraphs: [
      `Two-step verification with a new authenticator app was asked for your ${site.siteName} operator account from ${c.device ?? 'Unknown device'}${c.ip ? `, address ${c.ip}` : ''}, on ${new Date(c.at).toUTCString()}.`,
      'It turns on only when you open the link below in that same browser, still signed in. Until then it stays off, and the operator console stays closed.',
      'If this was not you, do not open the link: change your password and tell the other operators, because someone else knows it.',
    ],
    action: { label: 'Confirm two-step verification', url: c.link },
    footnote: 'This link works once and expires in 30 minutes.',
  });
}
