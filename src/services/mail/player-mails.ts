// Credits from another player, and the decision on an identity check: each in the receiving player's language.
import type { MailMessage } from './mail.port';
import { noticeMail, type MailSite } from './templates';
import { formatMoney } from '../../i18n/format';
import type { Lang } from '../../i18n/lang';
import { m } from '../../i18n/paraglide/messages.js';

/** The sender as the receiver sees them: their name and Player ID, or the Player ID alone; never their e-mail. */
export type SenderShown = { name: string | null; playerId: number };

export function senderIn(lang: Lang, s: SenderShown): string {
  const player = m.mail_player_id({ id: String(s.playerId) }, { locale: lang });
  return s.name ? m.mail_player_named({ name: s.name, player }, { locale: lang }) : player;
}

/**
 * To the receiver of a transfer, in the receiver's language (never the sender's). `said`: the first paragraph as a
 * row queued before rows carried the amount wrote it.
 */
export function p2pReceivedMail(site: MailSite, publicUrl: string, to: string, t: { cents: number; from: SenderShown } | { said: string }, lang: Lang = 'en'): MailMessage {
  const locale = { locale: lang };
  return noticeMail(site, to, {
    subject: m.mail_p2p_subject({}, locale),
    heading: m.mail_p2p_heading({}, locale),
    paragraphs: ['said' in t ? t.said : m.mail_p2p_text({ amount: formatMoney(t.cents, lang), from: senderIn(lang, t.from) }, locale), m.mail_p2p_ready({}, locale)],
    action: { label: m.mail_p2p_button({}, locale), url: `${publicUrl}/transactions` },
  }, lang);
}

/** An operator's decision on the player's identity documents; a rejection quotes the operator's reason as written. */
export function identityDecidedMail(site: MailSite, publicUrl: string, to: string, d: { verified: boolean; reason: string; verifyPath: string }, lang: Lang = 'en'): MailMessage {
  const locale = { locale: lang };
  return noticeMail(site, to, d.verified
    ? {
        subject: m.mail_identity_verified_subject({}, locale),
        heading: m.mail_identity_verified_heading({}, locale),
        paragraphs: [m.mail_identity_verified_text({}, locale)],
        action: { label: m.mail_identity_verified_button({}, locale), url: `${publicUrl}/home` },
      }
    : {
        subject: m.mail_identity_rejected_subject({}, locale),
        heading: m.mail_identity_rejected_heading({}, locale),
        paragraphs: [m.mail_identity_rejected_text({ reason: d.reason }, locale)],
        action: { label: m.mail_identity_rejected_button({}, locale), url: publicUrl + d.verifyPath },
      }, lang);
}
