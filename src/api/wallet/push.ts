import { dollarsFromCents } from '../../shared/money';
import { walletId, type Ledger } from '../../services/ledger/ledger.types';
import type { Hub, PushMessage } from '../../ws/hub.port';
import type { Notification } from '../../services/wallet/notifications';
import { asStored, renderStored } from '../../services/notices/stored-text';
import type { Lang } from '../../i18n/lang';
import { toNotification } from './wallet.model';
import { counterpartyIn } from '../../services/wallet/p2p';

/** After commit: tell a player's open pages their new available balance (read afresh unless known). */
export async function pushBalance(ledger: Ledger, hub: Hub, userId: string, knownCents?: number | null): Promise<number> {
  const availableCents = knownCents ?? (await ledger.balance(walletId(userId))).availableCents;
  hub.publish(userId, { event: 'amount', data: { walletAmount: dollarsFromCents(availableCents) } });
  return availableCents;
}

/**
 * After commit: the notification to the player's open pages. It carries its words as a key and inputs (`message`),
 * which each socket says in its own page's language (`localizePush`); whoever caused it (another player, a webhook)
 * does not decide the language.
 */
export function pushNotification(hub: Hub, userId: string, note: Notification): void {
  hub.publish(userId, { event: 'notification', data: { ...toNotification(note, 'en'), ...(note.message && { message: note.message }) } });
}

/** A push as one page hears it, in that page's language: a notification's words, and a sender named by Player ID. */
export function localizePush(msg: PushMessage, lang: Lang): PushMessage {
  const data = msg.data as Record<string, unknown> | null;
  if (msg.event === 'notification' && data && 'message' in data) {
    const { message, ...rest } = data;
    const words = asStored(message);
    return { event: msg.event, data: words ? { ...rest, notificationContent: renderStored(words, lang) } : rest };
  }
  if (msg.event === 'p2pReceived' && data && typeof data.from === 'string' && lang !== 'en') return { event: msg.event, data: { ...data, from: counterpartyIn(data.from, lang) } };
  return msg;
}
