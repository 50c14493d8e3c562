import type { MailMessage } from './mail.port';
import type { QueuedNotice, RenderMail } from './mail-queue';
import { emailChangedMail, newDeviceMail, passwordChangedMail, taxDetailsChangedMail, twoStepChangedMail, twoStepConfirmMail, withdrawalRequestedMail } from './security-mails';
import { depositCreditedMail, depositHeldMail, depositReversedMail, withdrawalEndedMail, type DepositCredited, type DepositReversed, type WithdrawalEnded } from './money-mails';
import { identityDecidedMail, p2pReceivedMail } from './player-mails';
import { accountExistsMail, noticeMail, type MailSite } from './templates';
import { rowLang } from './mail-lang';
import type { CredentialCipher } from '../../lib/credential-cipher';
import { openProofToken, PROOF_MAIL_KIND } from '../auth/two-step-mail-proof';

const orNull = (v: unknown) => (v == null ? null : String(v));

/**
 * The templates of queued mails, by kind: a row holds only the kind, what fills it and the language to say it in
 * (`data.lang`, the receiver's, written with the row); the words live here.
 * `cipher` opens the one link a queued row carries (an operator's two-step confirmation), sealed at rest.
 */
export function renderQueued(site: MailSite, publicUrl: string, cipher?: CredentialCipher): RenderMail {
  return (kind, to, data): MailMessage => {
    const lang = rowLang(data);
    const at = Number(data.at);
    if (kind === 'p2p-received')
      return p2pReceivedMail(site, publicUrl, to, typeof data.cents === 'number'
        ? { cents: data.cents, from: { name: orNull(data.name), playerId: Number(data.playerId) } }
        : { said: String(data.content) }, lang);
    if (kind === 'deposit-credited') return depositCreditedMail(site, publicUrl, to, data as DepositCredited, lang);
    if (kind === 'deposit-held') return depositHeldMail(site, publicUrl, to, { cents: Number(data.cents), reason: String(data.reason) }, lang);
    if (kind === 'deposit-reversed') return depositReversedMail(site, publicUrl, to, data as DepositReversed, lang);
    if (kind === 'withdrawal-ended') return withdrawalEndedMail(site, publicUrl, to, data as WithdrawalEnded, lang);
    if (kind === 'identity-decided')
      return identityDecidedMail(site, publicUrl, to, { verified: data.verified === true, reason: String(data.reason ?? ''), verifyPath: String(data.path) }, lang);
    // Rows queued before the kinds above: their words, as written then.
    if (kind === 'notice') {
      const n = data as QueuedNotice;
      return noticeMail(site, to, { subject: n.subject, heading: n.heading, paragraphs: n.paragraphs, ...(n.action && { action: { label: n.action.label, url: publicUrl + n.action.path } }) });
    }
    // Registration of an address that has an account: its owner is told (links to sign-in and reset, no secret).
    if (kind === 'account-exists') return accountExistsMail(site, to, `${publicUrl}/login`, `${publicUrl}/forgot-password`, lang);
    if (kind === 'withdrawal-requested')
      return withdrawalRequestedMail(site, to, {
        ...(typeof data.amountCents === 'number' ? { amountCents: data.amountCents } : { amount: String(data.amount) }),
        currency: String(data.currency), destination: String(data.destination), at,
      }, lang);
    // The account-security notices: written with the event they tell of (src/services/protection), no link in them.
    if (kind === 'password-changed') return passwordChangedMail(site, to, data.how === 'reset' ? 'reset' : 'changed', at, lang);
    if (kind === 'email-changed') return emailChangedMail(site, to, { from: String(data.from), to: String(data.to), at }, undefined, lang);
    if (kind === 'two-step-changed') return twoStepChangedMail(site, to, data.on === true, data.byOperator === true, at, lang);
    if (kind === 'tax-details-changed')
      return taxDetailsChangedMail(site, to, { type: String(data.type), last4: String(data.last4), byOperator: data.byOperator === true, first: data.first === true, at }, lang);
    if (kind === 'new-device') return newDeviceMail(site, to, { device: orNull(data.device), ip: orNull(data.ip), at }, lang);
    // The operator console's own mail: English, as the console is.
    if (kind === PROOF_MAIL_KIND) {
      if (!cipher) throw new Error('no key to open the queued link');
      const token = openProofToken(cipher, String(data.user), String(data.token));
      return twoStepConfirmMail(site, to, { link: `${publicUrl}/two-step/confirm/${token}`, device: orNull(data.device), ip: orNull(data.ip), at });
    }
    throw new Error(`no template for queued mail ${kind}`);
  };
}
