import { dollarsFromCents } from '../../shared/money';
import { walletId, type Ledger } from '../../services/ledger/ledger.types';
import type { Hub } from '../../ws/hub.port';
import type { Notification } from '../../services/wallet/notifications';
import { toNotification } from './wallet.model';

/** After commit: tell a player's open pages their new available balance (read afresh unless known). */
export async function pushBalance(ledger: Ledger, hub: Hub, userId: string, knownCents?: number | null): Promise<number> {
  const availableCents = knownCents ?? (await ledger.balance(walletId(userId))).availableCents;
  hub.publish(userId, { event: 'amount', data: { walletAmount: dollarsFromCents(availableCents) } });
  return availableCents;
}

export function pushNotification(hub: Hub, userId: string, note: Notification): void {
  hub.publish(userId, { event: 'notification', data: toNotification(note) });
}
