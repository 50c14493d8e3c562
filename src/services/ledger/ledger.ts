import type { Client, InStatement, ResultSet } from '@libsql/client';
import { AppError, fieldText } from '../../lib/app-error';
import { text } from '../../i18n/text';
import { m as say } from '../../i18n/paraglide/messages.js';
import {
  SELECT_TRANSFER,
  changePending,
  checkAmount,
  insertSettlement,
  insertSettlementEntries,
  releaseHold,
  settleBalances,
  ensureAccounts,
  failureOf,
  insertEntries,
  insertTransfer,
  moveBalances,
  parseAccount,
  rowToTransfer,
  settleHold,
  toTransfer,
  type TransferRow,
} from './ledger.sql';
import type { Ledger, Movement, Transfer } from './ledger.types';
import { createGroupCommit, type GroupCommitOptions } from './group-commit';
import { busyError, isBusy } from './busy';

export type LedgerOptions = { now?: () => number; newId?: () => string } & GroupCommitOptions;

const insufficient = () => AppError.conflict(text(say.api_insufficient), 'INSUFFICIENT_FUNDS');
// A player can meet these two in a race (a withdrawal settled as it is cancelled): said in their language.
const notPending = () => AppError.conflict(text(say.api_hold_not_pending), 'HOLD_NOT_PENDING');
// An amount the routes did not refuse first (they check every amount against the configured maximum).
const tooLarge = () => AppError.invalid([fieldText('amount', text(say.fields_amount_invalid))]);
const noHold = () => new AppError(404, 'Hold not found', 'HOLD_NOT_FOUND');
const aboveHold = () => AppError.invalid([{ field: 'amount', message: 'Amount exceeds the held amount' }]);

function checkMovement(m: Movement) {
  const amountCents = checkAmount(m.amountCents);
  const debit = parseAccount(m.debit);
  const credit = parseAccount(m.credit);
  if (debit.id === credit.id) throw AppError.invalid([{ field: 'account', message: 'Choose two different accounts' }]);
  if (typeof m.code !== 'string' || !/^[A-Z0-9_:-]{1,64}$/i.test(m.code)) throw AppError.invalid([{ field: 'code', message: 'Invalid transfer code' }]);
  const ref = m.externalRef;
  if (ref !== undefined && (typeof ref !== 'string' || ref.length === 0 || ref.length > 255))
    throw AppError.invalid([{ field: 'externalRef', message: 'Invalid external reference' }]);
  if (m.metadata !== undefined && (m.metadata === null || typeof m.metadata !== 'object' || Array.isArray(m.metadata)))
    throw AppError.invalid([{ field: 'metadata', message: 'Metadata must be an object' }]);
  return { amountCents, debit, credit, externalRef: ref ?? null, metadata: m.metadata === undefined ? null : JSON.stringify(m.metadata) };
}

/**
 * The double-entry ledger over libSQL. Each movement (its row, both account updates and the caller's `with` rows)
 * commits all-or-nothing; on an embedded file concurrent movements share one commit (group-commit.ts).
 * Rules that must hold under any interleaving (no overdraft, one use per externalRef, one settlement per hold)
 * are database constraints: a breaking batch aborts whole and its error is mapped here.
 */
export function createLedger(client: Client, opts: LedgerOptions = {}): Ledger {
  const now = opts.now ?? Date.now;
  const newId = opts.newId ?? (() => Bun.randomUUIDv7());
  const write = createGroupCommit(client, opts);

  async function commit(stmts: InStatement[]): Promise<ResultSet[]> {
    try {
      return await write(stmts);
    } catch (e) {
      const f = failureOf(e);
      if (f === 'insufficient') throw insufficient();
      if (f === 'already-settled') throw notPending();
      if (f === 'too-large') throw tooLarge();
      if (f === 'no-hold') throw noHold();
      if (f === 'above-hold') throw aboveHold();
      if (isBusy(e)) throw busyError();
      throw e;
    }
  }

  async function byRef(ref: string): Promise<Transfer> {
    const r = await client.execute({ sql: `${SELECT_TRANSFER} WHERE external_ref = ?`, args: [ref] });
    if (!r.rows[0]) throw new Error('ledger: external reference conflict without a transfer');
    return toTransfer(rowToTransfer(r.rows[0]), true);
  }

  /** transfer and hold: the same shape, differing in whether the money moves now or is only reserved. */
  async function start(m: Movement, kind: 'transfer' | 'hold'): Promise<Transfer> {
    const c = checkMovement(m);
    const id = newId();
    const at = now();
    const row: TransferRow = {
      id, kind, code: m.code, debit: c.debit.id, credit: c.credit.id, amountCents: c.amountCents,
      status: kind === 'hold' ? 'pending' : 'posted', pendingId: null, externalRef: c.externalRef, metadata: c.metadata, createdAt: at,
    };
    // The transfer row goes first: a repeated externalRef aborts here, before any balance rule is consulted.
    const stmts = [insertTransfer(row), ensureAccounts(c.debit, c.credit, at)];
    if (kind === 'hold') stmts.push(changePending(c.debit.id, c.amountCents));
    else stmts.push(moveBalances(c.debit.id, c.credit.id, c.amountCents), insertEntries(id, c.debit.id, c.credit.id, c.amountCents, at));
    const moreIds: string[] = [];
    if (m.more?.length) {
      if (kind !== 'transfer') throw AppError.invalid([{ field: 'more', message: 'Only a transfer can move more' }]);
      for (const x of m.more) {
        const cx = checkMovement(x);
        const xid = newId();
        moreIds.push(xid);
        stmts.push(
          insertTransfer({ ...row, id: xid, code: x.code, debit: cx.debit.id, credit: cx.credit.id, amountCents: cx.amountCents, externalRef: cx.externalRef, metadata: cx.metadata }),
          ensureAccounts(cx.debit, cx.credit, at), moveBalances(cx.debit.id, cx.credit.id, cx.amountCents), insertEntries(xid, cx.debit.id, cx.credit.id, cx.amountCents, at),
        );
      }
    }
    const own = stmts.length;
    if (m.with) stmts.push(...m.with(id));
    let results: ResultSet[];
    try {
      results = await commit(stmts);
    } catch (e) {
      if (c.externalRef !== null && failureOf(e) === 'duplicate-ref') return byRef(c.externalRef);
      throw e;
    }
    // moveBalances is the third statement of a transfer (insertTransfer, ensureAccounts, moveBalances, insertEntries).
    const available = kind === 'transfer' && !moreIds.length
      ? Object.fromEntries(results[2]!.rows.map((r) => [String(r.id), Number(r.available)])) : undefined;
    return { ...toTransfer(row), ...(moreIds.length && { moreIds }), ...(available && { available }), withResults: results.slice(own) };
  }

  /**
   * Settles a hold in one write, with no read before it (one request on a libSQL server): the settlement row is
   * built from the hold inside the transaction. A racing second settlement is stopped by the unique pending_id.
   */
  async function settle(holdId: string, kind: 'post' | 'void', amount: number | undefined, extra?: (id: string) => InStatement[]) {
    if (typeof holdId !== 'string' || holdId.length === 0 || holdId.length > 100) throw noHold();
    const id = newId();
    const at = now();
    const status = kind === 'post' ? 'posted' : 'voided';
    const stmts = [insertSettlement(id, kind, holdId, kind === 'post' ? (amount ?? null) : null, at), settleHold(holdId, status)];
    if (kind === 'post') stmts.push(insertSettlementEntries(id), settleBalances(id, holdId));
    else stmts.push(releaseHold(holdId));
    if (extra) stmts.push(...extra(id));
    const [inserted] = await commit(stmts);
    const r = inserted!.rows[0]!;
    const row: TransferRow = {
      id, kind, code: String(r.code), debit: String(r.debit_account_id), credit: String(r.credit_account_id), amountCents: Number(r.amount_cents),
      status, pendingId: holdId, externalRef: null, metadata: null, createdAt: at,
    };
    return toTransfer(row);
  }

  return {
    transfer: (m) => start(m, 'transfer'),
    hold: (m) => start(m, 'hold'),
    // A bad amount is refused before anything is read.
    post: async (holdId, o = {}) => settle(holdId, 'post', o.amountCents === undefined ? undefined : checkAmount(o.amountCents), o.with),
    void: async (holdId, o = {}) => settle(holdId, 'void', undefined, o.with),
    async balance(accountId) {
      const a = parseAccount(accountId);
      const r = await client.execute({ sql: 'SELECT balance_cents, pending_cents FROM accounts WHERE id = ?', args: [a.id] });
      const balanceCents = Number(r.rows[0]?.balance_cents ?? 0);
      const pendingCents = Number(r.rows[0]?.pending_cents ?? 0);
      return { balanceCents, pendingCents, availableCents: balanceCents - pendingCents };
    },
  };
}
