import type { MailMessage } from './mail.port';
import { noticeMail, type MailSite } from './templates';

/** The line every account-security mail ends with. */
export const NOT_YOU = 'If this was not you, reset your password and contact support';

const when = (at: number) => new Date(at).toUTCString();
const notYou = (site: MailSite) => `${NOT_YOU} (${site.supportEmail}).`;

export function newDeviceMail(site: MailSite, to: string, s: { device: string | null; ip: string | null; at: number }): MailMessage {
  return noticeMail(site, to, {
    subject: `New sign-in to your ${site.siteName} account`,
    heading: 'New sign-in from a new device',
    paragraphs: [
      `Your account was signed in to from a device we have not seen before: ${s.device ?? 'Unknown device'}${s.ip ? `, address ${s.ip}` : ''}, on ${when(s.at)}.`,
      notYou(site),
    ],
  });
}

/** After a password change from the profile, or a reset through an e-mailed link. */
export function passwordChangedMail(site: MailSite, to: string, how: 'changed' | 'reset', at: number): MailMessage {
  return noticeMail(site, to, {
    subject: `Your ${site.siteName} password was ${how === 'reset' ? 'reset' : 'changed'}`,
    heading: how === 'reset' ? 'Password reset' : 'Password changed',
    paragraphs: [
      `The password of your account was ${how === 'reset' ? 'reset with an emailed link' : 'changed'} on ${when(at)}. Every other signed-in device was signed out.`,
      notYou(site),
    ],
  });
}

/**
 * Once an e-mail change is confirmed: to the new address and, so a takeover is noticed, the old one. The old one's
 * copy carries `undoLink`, which puts the old address back and signs every device out.
 */
export function emailChangedMail(site: MailSite, to: string, change: { from: string; to: string; at: number }, undoLink?: string): MailMessage {
  return noticeMail(site, to, {
    subject: `Your ${site.siteName} email was changed`,
    heading: 'Email changed',
    paragraphs: [
      `The email of your account was changed from ${change.from} to ${change.to} on ${when(change.at)}.`,
      ...(undoLink ? ['If this was not you, undo the change with the button below: your account gets this address back and every device is signed out.'] : []),
      notYou(site),
    ],
    ...(undoLink && { action: { label: 'Undo Email Change', url: undoLink }, footnote: 'This link works once and expires in 7 days.' }),
  });
}

export function withdrawalRequestedMail(site: MailSite, to: string, w: { amount: string; currency: string; destination: string; at: number }): MailMessage {
  return noticeMail(site, to, {
    subject: `Withdrawal of ${w.amount} requested`,
    heading: 'Withdrawal requested',
    paragraphs: [
      `A withdrawal of ${w.amount} (${w.currency === 'BTC-LN' ? 'Lightning' : 'Bitcoin on-chain'}) to ${w.destination} was requested from your account on ${when(w.at)}.`,
      notYou(site),
    ],
  });
}

export function twoStepChangedMail(site: MailSite, to: string, on: boolean, byOperator: boolean, at: number): MailMessage {
  return noticeMail(site, to, {
    subject: `Two-step verification turned ${on ? 'on' : 'off'}`,
    heading: `Two-step verification ${on ? 'on' : 'off'}`,
    paragraphs: [
      on
        ? `Two-step verification was turned on for your account on ${when(at)}. Signing in and moving money now need a code from your authenticator app.`
        : `Two-step verification was turned off for your account${byOperator ? ' by our support team at your request' : ''} on ${when(at)}.`,
      notYou(site),
    ],
  });
}

/** A tax number put on file or changed: only its last four digits, never the number. */
export function taxDetailsChangedMail(site: MailSite, to: string, t: { type: string; last4: string; byOperator: boolean; first: boolean; at: number }): MailMessage {
  return noticeMail(site, to, {
    subject: 'Your tax details were changed',
    heading: 'Tax details changed',
    paragraphs: [
      `${t.first ? 'A tax number was put on file' : 'The tax number on file was changed'} for your account${t.byOperator ? ' by our support team' : ''} on ${when(t.at)}: it is now the ${t.type} ending in ${t.last4}. It is the number your 1099 forms are filed under.`,
      notYou(site),
    ],
  });
}
