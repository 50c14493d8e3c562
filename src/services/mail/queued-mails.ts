import type { MailMessage } from './mail.port';
import type { QueuedNotice, RenderMail } from './mail-queue';
import { emailChangedMail, newDeviceMail, passwordChangedMail, taxDetailsChangedMail, twoStepChangedMail, withdrawalRequestedMail } from './security-mails';
import { accountExistsMail, noticeMail, type MailSite } from './templates';

/** The templates of queued mails, by kind: a row holds only the kind and what fills it, the words live here. */
export function renderQueued(site: MailSite, publicUrl: string): RenderMail {
  return (kind, to, data): MailMessage => {
    if (kind === 'p2p-received')
      return noticeMail(site, to, {
        subject: 'You received credits',
        heading: 'Credits received',
        paragraphs: [String(data.content), 'They are in your wallet now, ready to move to a game or send on.'],
        action: { label: 'Open your wallet', url: `${publicUrl}/transactions` },
      });
    if (kind === 'notice') {
      const n = data as QueuedNotice;
      return noticeMail(site, to, { subject: n.subject, heading: n.heading, paragraphs: n.paragraphs, ...(n.action && { action: { label: n.action.label, url: publicUrl + n.action.path } }) });
    }
    // Registration of an address that has an account: its owner is told (links to sign-in and reset, no secret).
    if (kind === 'account-exists') return accountExistsMail(site, to, `${publicUrl}/login`, `${publicUrl}/forgot-password`);
    if (kind === 'withdrawal-requested')
      return withdrawalRequestedMail(site, to, { amount: String(data.amount), currency: String(data.currency), destination: String(data.destination), at: Number(data.at) });
    // The account-security notices: written with the event they tell of (src/services/protection), no link in them.
    if (kind === 'password-changed') return passwordChangedMail(site, to, data.how === 'reset' ? 'reset' : 'changed', Number(data.at));
    if (kind === 'email-changed') return emailChangedMail(site, to, { from: String(data.from), to: String(data.to), at: Number(data.at) });
    if (kind === 'two-step-changed') return twoStepChangedMail(site, to, data.on === true, data.byOperator === true, Number(data.at));
    if (kind === 'tax-details-changed')
      return taxDetailsChangedMail(site, to, { type: String(data.type), last4: String(data.last4), byOperator: data.byOperator === true, first: data.first === true, at: Number(data.at) });
    if (kind === 'new-device')
      return newDeviceMail(site, to, { device: data.device == null ? null : String(data.device), ip: data.ip == null ? null : String(data.ip), at: Number(data.at) });
    throw new Error(`no template for queued mail ${kind}`);
  };
}
