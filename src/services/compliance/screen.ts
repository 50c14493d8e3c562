import type { Client, InStatement } from '@libsql/client';
import { destinationKey } from './destination-key';
import { isFrozen } from './cases';
import { cannotSend, isListed, recordSanctioned } from './sanctions';
import type { AmlSettings } from './settings';
import { withdrawalStatements, type NewWithdrawalFacts } from './withdrawal-rules';

export type ScreenRequest = { userId: string; currency: 'BTC-CHAIN' | 'BTC-LN'; destination: string; key: string | null; amountCents: number };

/**
 * What the withdrawal service asks before and while it holds a withdrawal's money (services/payments knows nothing of
 * the rules): the destination as the network reads it; a refusal, before anything is held, of a frozen cash-out or a
 * sanctioned destination (which freezes the cash-out and opens the highest-severity case), in the same neutral
 * words; and the statements the hold commits with.
 */
export type WithdrawalScreen = {
  keyOf(currency: 'BTC-CHAIN' | 'BTC-LN', destination: string): string | null;
  /** Whether the destination is listed; if so the hit is written (the case, the frozen cash-out). */
  listed(r: ScreenRequest & { withdrawalId?: string }, via: string, now?: number): Promise<boolean>;
  refuse(r: ScreenRequest, via: string, now?: number): Promise<void>;
  statements(w: NewWithdrawalFacts): InStatement[];
};

export function createWithdrawalScreen(client: Client, settings: AmlSettings): WithdrawalScreen {
  async function listed(r: ScreenRequest & { withdrawalId?: string }, via: string, now = Date.now()) {
    if (!(await isListed(client, r.key))) return false;
    // A recorded withdrawal is one event however often it is tried; each refused request is one of its own.
    const ref = r.withdrawalId ?? `refused:${Bun.randomUUIDv7()}`;
    await recordSanctioned(client, { userId: r.userId, ref, destination: r.destination, key: r.key!, currency: r.currency, amountCents: r.amountCents, withdrawalId: r.withdrawalId, at: now, via });
    return true;
  }
  return {
    keyOf: destinationKey,
    listed,
    async refuse(r, via, now = Date.now()) {
      if ((await listed(r, via, now)) || (await isFrozen(client, r.userId))) throw cannotSend();
    },
    statements: (w) => withdrawalStatements(settings, w),
  };
}
