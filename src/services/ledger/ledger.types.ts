import type { InStatement, ResultSet } from '@libsql/client';

export type SystemAccount = 'bitcoin_deposits' | 'bitcoin_withdrawals' | 'promotions' | 'tips' | 'house_adjustments' | `game_float:${string}`;

// Deterministic ids: an account is created on first use, inside the transaction that first moves money through it.
export const walletId = (userId: string) => `w:${userId}`;
export const gameAccountId = (userId: string, gameId: string) => `g:${userId}:${gameId}`;
export const systemId = (name: SystemAccount) => `s:${name}`;
/**
 * Deposits a player cannot spend yet (past a deposit limit, or during a cool-off or self-exclusion): theirs, never
 * negative, outside the wallet until an operator releases or refunds it.
 */
export const heldId = (userId: string) => `h:${userId}`;
/**
 * What a player owes after a credited deposit was reversed and the wallet no longer held it: zero or negative
 * (its balance is minus the debt), paid back toward zero from later deposits.
 */
export const debtId = (userId: string) => `d:${userId}`;

export type TransferStatus = 'posted' | 'pending' | 'voided';

export type Transfer = {
  id: string;
  code: string;
  debitAccountId: string;
  creditAccountId: string;
  amountCents: number;
  status: TransferStatus;
  externalRef: string | null;
  metadata: Record<string, unknown> | null;
  createdAt: number;
  /** true when an earlier call with the same externalRef is being returned */
  replayed: boolean;
  /** For the row written by post/void: the hold it settled. Null for transfers and holds. */
  pendingId: string | null;
  /** The ids of the `more` movements, in order (absent on a replay). */
  moreIds?: string[];
  /** The results of the movement's `with` statements, in order (absent on a replay): reads placed there see the committed state. */
  withResults?: ResultSet[];
  /**
   * A transfer's two accounts' available cents (balance − pending) as its own update left them, by account id
   * (absent on a replay, a hold, and a transfer with `more`, whose later movements change them again).
   */
  available?: Record<string, number>;
};

export type Movement = {
  debit: string;
  credit: string;
  amountCents: number;
  code: string;
  externalRef?: string;
  metadata?: Record<string, unknown>;
  /**
   * Further posted movements committed in the same transaction, after this one (a deposit split between the
   * wallet, held money and a debt). Each has its own externalRef, if any; a replay returns only the first.
   */
  more?: Omit<Movement, 'more' | 'with'>[];
  /** extra statements committed in the same transaction (history rows, notifications); gets the transfer id */
  with?: (transferId: string) => InStatement[];
};

export type Balance = { balanceCents: number; pendingCents: number; availableCents: number };

export interface Ledger {
  /** Posted at once. */
  transfer(m: Movement): Promise<Transfer>;
  /** Pending: reserves the debit side's available balance until post or void. */
  hold(m: Movement): Promise<Transfer>;
  /**
   * Moves up to the held amount (all of it by default); the rest returns to the debit side. Recorded as its own
   * row (kind post, pendingId = holdId) which is what comes back; `with` gets that row's id (the caller knows holdId).
   */
  post(holdId: string, opts?: { amountCents?: number; with?: (id: string) => InStatement[] }): Promise<Transfer>;
  /** Releases the whole hold. Recorded as its own row (kind void, pendingId = holdId). */
  void(holdId: string, opts?: { with?: (id: string) => InStatement[] }): Promise<Transfer>;
  /** An account that has never been used has all zeros. */
  balance(accountId: string): Promise<Balance>;
}
