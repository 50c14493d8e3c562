// The mails that tell a player what happened to their money: a deposit credited, held or reversed, a withdrawal (or a
// refund of held money) sent or not. A queued row carries the amounts and the receiver's language; the words are
// said here when the mail is sent, in that language.
import type { MailMessage } from './mail.port';
import { noticeMail, type MailSite } from './templates';
import { formatMoney } from '../../i18n/format';
import type { Lang } from '../../i18n/lang';
import type { MessageFn } from '../../i18n/text';
import { m } from '../../i18n/paraglide/messages.js';

const history = (publicUrl: string, lang: Lang) => ({ label: m.mail_history_button({}, { locale: lang }), url: `${publicUrl}/transactions` });

/** What reached the player: `debtCents` paid back a debt, `walletCents` is in the wallet; `over` when they paid more than asked. */
export type DepositCredited = { reachedCents: number; debtCents: number; walletCents: number; over: { totalCents: number; askedCents: number } | null; allInWallet: boolean };

export function depositCreditedMail(site: MailSite, publicUrl: string, to: string, d: DepositCredited, lang: Lang = 'en'): MailMessage {
  const locale = { locale: lang };
  const $ = (cents: number) => formatMoney(cents, lang);
  const amount = $(d.reachedCents);
  const arrived = d.debtCents === 0
    ? m.mail_deposit_text({ amount }, locale)
    : d.walletCents > 0
      ? m.mail_deposit_debt_wallet_text({ amount, debt: $(d.debtCents), wallet: $(d.walletCents) }, locale)
      : m.mail_deposit_debt_text({ amount, debt: $(d.debtCents) }, locale);
  const over = d.over && (d.allInWallet ? m.mail_deposit_over_wallet : m.mail_deposit_over_credited)({ total: $(d.over.totalCents), asked: $(d.over.askedCents) }, locale);
  return noticeMail(site, to, {
    subject: m.mail_deposit_subject({}, locale),
    heading: m.mail_deposit_heading({}, locale),
    paragraphs: [over ? `${arrived} ${over}` : arrived, ...(d.debtCents === 0 ? [m.mail_deposit_ready({}, locale)] : [])],
    action: history(publicUrl, lang),
  }, lang);
}

const HELD: Record<string, MessageFn<{ amount: string }>> = {
  limit: m.mail_held_limit_text, cool_off: m.mail_held_cool_off_text, self_exclusion: m.mail_held_excluded_text,
};

/** Money held instead of credited: past a deposit limit, or during a cool-off or self-exclusion. */
export function depositHeldMail(site: MailSite, publicUrl: string, to: string, d: { cents: number; reason: string }, lang: Lang = 'en'): MailMessage {
  const locale = { locale: lang };
  return noticeMail(site, to, {
    subject: m.mail_held_subject({}, locale),
    heading: m.mail_held_heading({}, locale),
    paragraphs: [(HELD[d.reason] ?? m.mail_held_excluded_text)({ amount: formatMoney(d.cents, lang) }, locale)],
    action: history(publicUrl, lang),
  }, lang);
}

/** A credited payment the Bitcoin network reversed: what was taken back, from where, and what is still owed. */
export type DepositReversed = { cents: number; takenCents: number; fromHeldOnly: boolean; owedCents: number };

export function depositReversedMail(site: MailSite, publicUrl: string, to: string, d: DepositReversed, lang: Lang = 'en'): MailMessage {
  const locale = { locale: lang };
  const $ = (cents: number) => formatMoney(cents, lang);
  return noticeMail(site, to, {
    subject: m.mail_reversed_subject({}, locale),
    heading: m.mail_reversed_heading({}, locale),
    paragraphs: [
      m.mail_reversed_text({ amount: $(d.cents) }, locale),
      ...(d.takenCents > 0 ? [(d.fromHeldOnly ? m.mail_reversed_from_held : m.mail_reversed_from_wallet)({ amount: $(d.takenCents) }, locale)] : []),
      ...(d.owedCents > 0 ? [m.mail_reversed_owed({ amount: $(d.owedCents) }, locale)] : []),
    ],
    action: history(publicUrl, lang),
  }, lang);
}

/**
 * The site's own reasons for a withdrawal that ended unsent, as src/services/payments writes them (English, in the
 * withdrawal's row), said in the mail's language. A reason an operator typed is quoted as written.
 */
const REASONS: Record<string, MessageFn<Record<string, never>>> = {
  'The payout was cancelled.': m.mail_reason_payout_cancelled,
  'The payment server could not be reached in time.': m.mail_reason_unreachable,
  'This address already has a withdrawal in progress. Wait for it to finish, or use another address.': m.mail_reason_duplicate,
  'Withdrawals cannot be paid right now. Please try again later.': m.mail_reason_overdraft,
  'This amount is too small to send on the Bitcoin network.': m.mail_reason_too_low,
  'The payment server refused this withdrawal.': m.mail_reason_refused,
  'Cancelled at your request.': m.mail_reason_by_player,
};
export const KNOWN_REASONS = Object.keys(REASONS);

const reasonIn = (lang: Lang, reason: string | null) =>
  reason == null ? m.mail_reason_none({}, { locale: lang }) : REASONS[reason]?.({}, { locale: lang }) ?? reason;

/** A withdrawal (or a refund of held deposit money, which is no withdrawal) that ended: sent, cancelled or failed. */
export type WithdrawalEnded = { amountCents: number; tipCents: number; currency: string; refundOfHeld: boolean; how: 'completed' | 'cancelled' | 'failed'; reason: string | null };

export function withdrawalEndedMail(site: MailSite, publicUrl: string, to: string, w: WithdrawalEnded, lang: Lang = 'en'): MailMessage {
  const locale = { locale: lang };
  const $ = (cents: number) => formatMoney(cents, lang);
  const sent = w.how === 'completed';
  const reason = reasonIn(lang, w.reason);
  const onItsWay = w.currency === 'BTC-LN' ? m.mail_sent_lightning({}, locale) : m.mail_sent_chain({}, locale);
  const action = history(publicUrl, lang);
  if (w.refundOfHeld) {
    const amount = $(w.amountCents);
    return noticeMail(site, to, sent
      ? { subject: m.mail_refund_sent_subject({}, locale), heading: m.mail_refund_sent_heading({}, locale), paragraphs: [m.mail_refund_sent_text({ amount }, locale), onItsWay], action }
      : { subject: m.mail_refund_unsent_subject({}, locale), heading: m.mail_refund_unsent_heading({}, locale),
          paragraphs: [(w.how === 'cancelled' ? m.mail_refund_cancelled_text : m.mail_refund_failed_text)({ amount, reason }, locale)], action }, lang);
  }
  if (sent) {
    const text = m.mail_withdrawal_sent_text({ amount: $(w.amountCents) }, locale);
    const tip = w.tipCents > 0 ? ` ${m.mail_withdrawal_tip({ tip: $(w.tipCents) }, locale)}` : '';
    return noticeMail(site, to, { subject: m.mail_withdrawal_sent_subject({}, locale), heading: m.mail_withdrawal_sent_heading({}, locale), paragraphs: [text + tip, onItsWay], action }, lang);
  }
  const back = { amount: $(w.amountCents + w.tipCents), reason };
  return noticeMail(site, to, {
    subject: m.mail_withdrawal_unsent_subject({}, locale),
    heading: m.mail_withdrawal_unsent_heading({}, locale),
    paragraphs: [(w.how === 'cancelled' ? m.mail_withdrawal_cancelled_text : m.mail_withdrawal_failed_text)(back, locale), m.mail_withdrawal_again({}, locale)],
    action,
  }, lang);
}
