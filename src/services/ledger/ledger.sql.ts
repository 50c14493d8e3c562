import type { InStatement, Row } from '@libsql/client';
import { AppError } from '../../lib/app-error';
import { appendRows } from './append-rows';
import type { Transfer, TransferStatus } from './ledger.types';

// Statement builders and row mapping for the ledger. Every operation is one batch of these, so a movement,
// its account updates and the caller's extra rows commit or fail together.

export type AccountKind = 'wallet' | 'game' | 'system';
export type Account = { id: string; kind: AccountKind; userId: string | null };
export type TransferKind = 'transfer' | 'hold' | 'post' | 'void';

const ACCOUNT_ID = /^(?:w:([^:]+)|g:([^:]+):(.+)|s:(.+)|h:([^:]+)|d:([^:]+))$/;

/** Reads the kind and owner out of a deterministic account id (see ledger.types.ts). */
export function parseAccount(id: unknown): Account {
  const m = typeof id === 'string' && id.length <= 300 ? ACCOUNT_ID.exec(id) : null;
  if (!m) throw AppError.invalid([{ field: 'account', message: 'Unknown ledger account' }]);
  const accountId = id as string;
  if (m[1]) return { id: accountId, kind: 'wallet', userId: m[1] };
  if (m[2]) return { id: accountId, kind: 'game', userId: m[2] };
  // Held money is the player's like the wallet (the same never-negative CHECK); a debt may go below zero like a
  // system account, and keeps its player (docs/decisions/ledger.md).
  if (m[5]) return { id: accountId, kind: 'wallet', userId: m[5] };
  if (m[6]) return { id: accountId, kind: 'system', userId: m[6] };
  return { id: accountId, kind: 'system', userId: null };
}

/** Amounts are positive whole cents that stay exact as JavaScript numbers. */
export function checkAmount(n: unknown, field = 'amount'): number {
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n <= 0) throw AppError.invalid([{ field, message: 'Enter a valid amount' }]);
  return n;
}

export type TransferRow = {
  id: string;
  kind: TransferKind;
  code: string;
  debit: string;
  credit: string;
  amountCents: number;
  status: TransferStatus;
  pendingId: string | null;
  externalRef: string | null;
  metadata: string | null;
  createdAt: number;
};

export const insertTransfer = (r: TransferRow): InStatement => ({
  sql: `INSERT INTO transfers (id, kind, code, debit_account_id, credit_account_id, amount_cents, status, pending_id, external_ref, metadata, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  args: [r.id, r.kind, r.code, r.debit, r.credit, r.amountCents, r.status, r.pendingId, r.externalRef, r.metadata, r.createdAt],
});

/** The two lines of a posted movement: −amount on the debit account, +amount on the credit account. */
export const insertEntries = (transferId: string, debit: string, credit: string, amountCents: number, at: number): InStatement =>
  appendRows({
    sql: 'INSERT INTO entries (transfer_id, account_id, amount_cents, created_at) VALUES (?, ?, ?, ?), (?, ?, ?, ?)',
    args: [transferId, debit, -amountCents, at, transferId, credit, amountCents, at],
  });

/** Creates both accounts on first use; a no-op for accounts that exist. */
export const ensureAccounts = (a: Account, b: Account, at: number): InStatement => ({
  sql: 'INSERT OR IGNORE INTO accounts (id, kind, user_id, created_at) VALUES (?, ?, ?, ?), (?, ?, ?, ?)',
  args: [a.id, a.kind, a.userId, at, b.id, b.kind, b.userId, at],
});

/**
 * Moves amountCents from debit to credit in one statement (a posted hold's pending is released by
 * settleBalances). The CHECK on accounts aborts the batch if the debit side would overdraw. It returns both
 * accounts' available cents as it left them, so a caller that shows them reads nothing more.
 */
export const moveBalances = (debit: string, credit: string, amountCents: number): InStatement => ({
  sql: `UPDATE accounts SET balance_cents = balance_cents + CASE id WHEN ?1 THEN -?3 ELSE ?3 END WHERE id IN (?1, ?2)
        RETURNING id, balance_cents - pending_cents AS available`,
  args: [debit, credit, amountCents],
});

export const changePending = (accountId: string, deltaCents: number): InStatement => ({
  sql: 'UPDATE accounts SET pending_cents = pending_cents + ? WHERE id = ?',
  args: [deltaCents, accountId],
});

export const settleHold = (holdId: string, status: 'posted' | 'voided'): InStatement => ({
  sql: "UPDATE transfers SET status = ? WHERE id = ? AND kind = 'hold' AND status = 'pending'",
  args: [status, holdId],
});

/**
 * A hold's settlement row, built from the hold inside the same transaction (no read before it): a missing hold,
 * or a posted amount above the held one, leaves a NULL in a NOT NULL column and aborts the movement (see
 * `failureOf`); a second settlement breaks the unique pending_id. RETURNING gives what the caller is told.
 */
export const insertSettlement = (id: string, kind: 'post' | 'void', holdId: string, amountCents: number | null, at: number): InStatement => ({
  sql: `INSERT INTO transfers (id, kind, code, debit_account_id, credit_account_id, amount_cents, status, pending_id, external_ref, metadata, created_at)
        SELECT ?1, ?2, h.code, h.debit_account_id, h.credit_account_id,
               CASE WHEN ?3 IS NULL THEN h.amount_cents WHEN ?3 <= h.amount_cents THEN ?3 END,
               CASE ?2 WHEN 'post' THEN 'posted' ELSE 'voided' END, ?4, NULL, NULL, ?5
        FROM (SELECT 1) LEFT JOIN transfers h ON h.id = ?4 AND h.kind = 'hold'
        RETURNING code, debit_account_id, credit_account_id, amount_cents`,
  args: [id, kind, amountCents, holdId, at],
});

/** A posted settlement's two entries, from its own row. */
export const insertSettlementEntries = (id: string): InStatement => ({
  sql: `INSERT INTO entries (transfer_id, account_id, amount_cents, created_at)
        SELECT id, debit_account_id, -amount_cents, created_at FROM transfers WHERE id = ?1
        UNION ALL SELECT id, credit_account_id, amount_cents, created_at FROM transfers WHERE id = ?1`,
  args: [id],
});

/** moveBalances for a posted settlement: its amount moves, and the whole held amount leaves pending. */
export const settleBalances = (id: string, holdId: string): InStatement => ({
  sql: `UPDATE accounts SET
          balance_cents = balance_cents + CASE WHEN accounts.id = t.debit_account_id THEN -t.amount_cents ELSE t.amount_cents END,
          pending_cents = pending_cents - CASE WHEN accounts.id = t.debit_account_id THEN h.amount_cents ELSE 0 END
        FROM transfers t, transfers h
        WHERE t.id = ?1 AND h.id = ?2 AND accounts.id IN (t.debit_account_id, t.credit_account_id)`,
  args: [id, holdId],
});

/** A voided hold's amount leaves its debit account's pending. */
export const releaseHold = (holdId: string): InStatement => ({
  sql: `UPDATE accounts SET pending_cents = pending_cents - h.amount_cents FROM transfers h WHERE h.id = ? AND accounts.id = h.debit_account_id`,
  args: [holdId],
});

export const SELECT_TRANSFER = `SELECT id, kind, code, debit_account_id, credit_account_id, amount_cents, status, pending_id,
  external_ref, metadata, created_at FROM transfers`;

export function rowToTransfer(r: Row): TransferRow {
  return {
    id: String(r.id),
    kind: String(r.kind) as TransferKind,
    code: String(r.code),
    debit: String(r.debit_account_id),
    credit: String(r.credit_account_id),
    amountCents: Number(r.amount_cents),
    status: String(r.status) as TransferStatus,
    pendingId: r.pending_id == null ? null : String(r.pending_id),
    externalRef: r.external_ref == null ? null : String(r.external_ref),
    metadata: r.metadata == null ? null : String(r.metadata),
    createdAt: Number(r.created_at),
  };
}

export const toTransfer = (r: TransferRow, replayed = false): Transfer => ({
  id: r.id,
  code: r.code,
  debitAccountId: r.debit,
  creditAccountId: r.credit,
  amountCents: r.amountCents,
  status: r.status,
  externalRef: r.externalRef,
  metadata: r.metadata == null ? null : (JSON.parse(r.metadata) as Record<string, unknown>),
  createdAt: r.createdAt,
  replayed,
  pendingId: r.pendingId,
});

export type Failure = 'insufficient' | 'duplicate-ref' | 'already-settled' | 'too-large' | 'no-hold' | 'above-hold';

/** Names the ledger rule a failed batch broke, from the constraint in SQLite's message (null: not ours). */
export function failureOf(e: unknown): Failure | null {
  const msg = e instanceof Error ? e.message : '';
  if (!msg.includes('constraint failed')) return null;
  if (msg.includes('accounts_available_nonnegative')) return 'insufficient';
  if (msg.includes('accounts_balance_safe')) return 'too-large';
  if (msg.includes('transfers.external_ref')) return 'duplicate-ref';
  if (msg.includes('transfers.pending_id')) return 'already-settled';
  // insertSettlement: no such hold (its code is NULL), or more than it holds (the amount is NULL).
  if (msg.includes('NOT NULL constraint failed: transfers.code')) return 'no-hold';
  if (msg.includes('NOT NULL constraint failed: transfers.amount_cents')) return 'above-hold';
  return null;
}
