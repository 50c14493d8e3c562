import type { MailMessage } from './mail.port';
import type { Lang } from '../../i18n/lang';
import { m } from '../../i18n/paraglide/messages.js';

/** What a template may say about the site; nothing secret. */
export type MailSite = { siteName: string; supportEmail: string };

/** A generic message: a heading, a few paragraphs, optionally one button. Other features reuse it. */
export type Notice = { subject: string; heading: string; paragraphs: string[]; action?: { label: string; url: string }; footnote?: string };

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// Mail clients ignore stylesheets, so the site's dark and gold look is written inline.
const C = { page: '#0b0720', card: '#1a1140', text: '#e9e4ff', muted: '#a79fcf', gold: '#f5c542', ink: '#1a1140' };

function html(site: MailSite, n: Notice, lang: Lang): string {
  const locale = { locale: lang };
  const p = (t: string) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:${C.text}">${esc(t)}</p>`;
  const button = n.action
    ? `<p style="margin:24px 0;text-align:center"><a href="${esc(n.action.url)}" style="display:inline-block;padding:12px 28px;border-radius:8px;background:${C.gold};color:${C.ink};font-weight:700;text-decoration:none">${esc(n.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:${C.muted}">${esc(m.mail_button_fallback({}, locale))}<br><a href="${esc(n.action.url)}" style="color:${C.gold};word-break:break-all">${esc(n.action.url)}</a></p>`
    : '';
  const foot = n.footnote ? `<p style="margin:0 0 8px;font-size:13px;line-height:1.5;color:${C.muted}">${esc(n.footnote)}</p>` : '';
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(n.subject)}</title></head>
<body style="margin:0;padding:0;background:${C.page};font-family:Segoe UI,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${C.page};padding:24px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:${C.card};border:1px solid ${C.gold};border-radius:12px">
<tr><td style="padding:20px 28px;border-bottom:1px solid #3a2c78;font-size:22px;font-weight:800;color:${C.gold}">${esc(site.siteName)}</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 20px;font-size:22px;color:${C.gold}">${esc(n.heading)}</h1>
${n.paragraphs.map(p).join('\n')}
${button}
${foot}
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #3a2c78;font-size:12px;color:${C.muted}">${esc(site.siteName)} · ${esc(m.mail_footer_age({}, locale))} · ${esc(m.mail_footer_questions({}, locale))} <a href="mailto:${esc(site.supportEmail)}" style="color:${C.gold}">${esc(site.supportEmail)}</a></td></tr>
</table></td></tr></table></body></html>`;
}

function text(site: MailSite, n: Notice, lang: Lang): string {
  const lines = [site.siteName, '', n.heading, '', ...n.paragraphs.flatMap((t) => [t, ''])];
  if (n.action) lines.push(`${n.action.label}: ${n.action.url}`, '');
  if (n.footnote) lines.push(n.footnote, '');
  lines.push(`${m.mail_footer_questions({}, { locale: lang })} ${site.supportEmail}`);
  return lines.join('\n');
}

/** Any message in the site's look, with HTML and text parts; its frame in the player's language. */
export function noticeMail(site: MailSite, to: string, n: Notice, lang: Lang = 'en'): MailMessage {
  return { to, subject: n.subject, html: html(site, n, lang), text: text(site, n, lang) };
}

/** In the language of the page the player registered from (or their saved one, for a link sent again). */
export function verificationMail(site: MailSite, to: string, link: string, lang: Lang = 'en'): MailMessage {
  const locale = { locale: lang };
  const s = { site: site.siteName };
  return noticeMail(site, to, {
    subject: m.mail_verify_subject(s, locale),
    heading: m.mail_verify_heading({}, locale),
    paragraphs: [m.mail_verify_text(s, locale)],
    action: { label: m.mail_verify_button({}, locale), url: link },
    footnote: m.mail_verify_footnote({}, locale),
  }, lang);
}

/** In the player's saved language. */
export function passwordResetMail(site: MailSite, to: string, link: string, lang: Lang = 'en'): MailMessage {
  const locale = { locale: lang };
  return noticeMail(site, to, {
    subject: m.mail_reset_subject({ site: site.siteName }, locale),
    heading: m.mail_reset_heading({}, locale),
    paragraphs: [m.mail_reset_text({}, locale)],
    action: { label: m.mail_reset_button({}, locale), url: link },
    footnote: m.mail_reset_footnote({}, locale),
  }, lang);
}

/** To the new address, in the player's saved language. */
export function emailChangeMail(site: MailSite, to: string, link: string, lang: Lang = 'en'): MailMessage {
  const locale = { locale: lang };
  const s = { site: site.siteName };
  return noticeMail(site, to, {
    subject: m.mail_email_change_subject(s, locale),
    heading: m.mail_email_change_heading({}, locale),
    paragraphs: [m.mail_email_change_text(s, locale)],
    action: { label: m.mail_email_change_button({}, locale), url: link },
    footnote: m.mail_email_change_footnote({}, locale),
  }, lang);
}

/**
 * Sent instead of a second account: registration answers the same for every address, and the owner learns of it here.
 * In the language of the page that registered, as the verification mail would have been.
 */
export function accountExistsMail(site: MailSite, to: string, loginUrl: string, resetUrl: string, lang: Lang = 'en'): MailMessage {
  const locale = { locale: lang };
  const s = { site: site.siteName };
  return noticeMail(site, to, {
    subject: m.mail_exists_subject(s, locale),
    heading: m.mail_exists_heading({}, locale),
    paragraphs: [m.mail_exists_text(s, locale), m.mail_exists_links({ login: loginUrl, reset: resetUrl }, locale)],
    action: { label: m.mail_exists_button({}, locale), url: loginUrl },
    footnote: m.mail_exists_footnote({}, locale),
  }, lang);
}

/** Sent to the old address so a takeover attempt does not go unnoticed; in the player's saved language. */
export function emailChangeNoticeMail(site: MailSite, to: string, newEmail: string, lang: Lang = 'en'): MailMessage {
  const locale = { locale: lang };
  return noticeMail(site, to, {
    subject: m.mail_email_notice_subject({ site: site.siteName }, locale),
    heading: m.mail_email_notice_heading({}, locale),
    paragraphs: [m.mail_email_notice_text({ email: newEmail }, locale), m.mail_email_notice_not_you({ support: site.supportEmail }, locale)],
  }, lang);
}
