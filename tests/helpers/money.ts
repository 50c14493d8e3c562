import { systemId, walletId } from '../../src/services/ledger/ledger.types';
import type { TestApp } from './app';

/** Puts credits in a player's wallet the way a settled deposit would: from the bitcoin deposits account. */
export async function fund(app: TestApp, userId: string, amountCents: number) {
  return app.deps.ledger.transfer({ debit: systemId('bitcoin_deposits'), credit: walletId(userId), amountCents, code: 'DEPOSIT' });
}

export async function available(app: TestApp, userId: string): Promise<number> {
  return (await app.deps.ledger.balance(walletId(userId))).availableCents;
}
