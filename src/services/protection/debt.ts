import type { Client } from '@libsql/client';
import { firstRowOf } from '../../../db/raw-reads';
import { AppError } from '../../lib/app-error';
import { formatCents } from '../../shared/money';
import { debtId } from '../ledger/ledger.types';
import { text } from '../../i18n/text';
import { m } from '../../i18n/paraglide/messages.js';

/** What the player owes from a reversed deposit the wallet no longer held (the debt account below zero). */
export async function owedCents(client: Client, userId: string): Promise<number> {
  const row = await firstRowOf(client)('SELECT balance_cents FROM accounts WHERE id = ?', [debtId(userId)]);
  return owedOf(row?.[0]);
}

/** What is owed, from the debt account's balance (null or missing: no debt account, nothing owed). */
export const owedOf = (debtBalance: unknown): number => Math.max(0, -Number(debtBalance ?? 0));

/**
 * Refuses money leaving the player (a withdrawal, a P2P send, a transfer to a game) while they owe: otherwise a
 * reversed payment's credits could be taken out before it was found. Their next deposits pay the debt first.
 */
export async function assertNotInDebt(client: Client, userId: string): Promise<void> {
  refuseWhileOwing(await owedCents(client, userId));
}

/** assertNotInDebt on an amount already read. */
export function refuseWhileOwing(owed: number): void {
  if (owed > 0)
    throw new AppError(403, text(m.api_in_debt, { amount: formatCents(owed) }), 'ACCOUNT_IN_DEBT');
}
