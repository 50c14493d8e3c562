import { Elysia } from 'elysia';
import type { Session } from '../../http/session';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../../services/admin/audit';
import { approveWithdrawal, finishGameTask, rejectWithdrawal } from '../../services/admin/queue-actions';
import { DEPOSIT_STATUSES, depositById, depositList, withdrawalQueue } from '../../services/admin/queues';
import { PaymentsError } from '../../services/payments/payments.port';
import { isOpenWithdrawal, WITHDRAWAL_STATUSES, type WithdrawalRow } from '../../services/payments/withdrawals';
import { formatCents } from '../../shared/money';
import type { AdminDeps } from './admin.deps';
import { actorOf, amountOf, bodyObject, dollars, iso, pageOf, pagination, reasonOf, statusOf } from './admin.model';

const TASK_STATUSES = ['open', 'done', 'failed'] as const;

/** BTCPay unreachable or refusing: the operator is told so, and may try again (nothing changed here). */
async function atProvider<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof PaymentsError) throw new AppError(502, `The payment server refused or did not answer: ${e.message}`, 'PAYMENTS_UNAVAILABLE');
    throw e;
  }
}

/** The withdrawal an action was on, for its confirmation: it shows over the list as it now is, where the row has moved on. */
const named = (w: WithdrawalRow) => `Withdrawal of ${formatCents(w.amountCents)} for ${w.email}`;

/** The queues an operator works through: withdrawals, manual game tasks and deposits. */
export const queuesRoutes = (d: AdminDeps, session: Session) =>
  new Elysia({ name: 'admin-queues' })
    .use(session)
    .use(d.idempotency)
    .get('/withdrawals', async ({ query }) => {
      const r = await withdrawalQueue(d.client, statusOf(query, WITHDRAWAL_STATUSES), Date.now(), pageOf(query));
      return {
        success: true,
        pagination: pagination(r.page, r.limit, r.total),
        withdrawals: r.rows.map((w) => ({
          // BTCPay's state only while the withdrawal is open: an ended one keeps the last state read, stale since.
          id: w.id, userId: w.userId, email: w.email, status: w.status, payoutState: isOpenWithdrawal(w.status) ? w.payoutState : null, currency: w.currency, destination: w.destination,
          amount: dollars(w.amountCents), tip: dollars(w.tipCents), btcAmount: w.btcAmount, reason: w.reason, createdAt: iso(w.createdAt), ageMinutes: Math.floor(w.ageMs / 60_000),
          last30Days: { deposits: dollars(w.last30.deposits), withdrawals: dollars(w.last30.withdrawals) },
          payoutId: w.payoutId, proof: w.proof,
          // Held for review by a compliance case or a frozen cash-out: not sent, and not approvable, until it is cleared.
          held: isOpenWithdrawal(w.status) && w.held,
        })),
      };
    }, { admin: true })
    .post('/withdrawals/:id/approve', async ({ params, body, operator, request }) => {
      const reason = reasonOf(bodyObject(body), false);
      const w = await atProvider(() => approveWithdrawal(d, actorOf(operator, request, d.trustedHeader), params.id, reason));
      return { success: true, message: `${named(w)} approved: BTCPay sends the payout.` };
    }, { admin: true, idempotent: true })
    .post('/withdrawals/:id/reject', async ({ params, body, operator, request }) => {
      const reason = reasonOf(bodyObject(body), true)!;
      const w = await atProvider(() => rejectWithdrawal(d, actorOf(operator, request, d.trustedHeader), params.id, reason));
      // A refund of held deposit money goes back to the held account, not to the wallet.
      const back = w.refundOfHeld ? 'is held again' : 'is back in the player\'s wallet';
      return { success: true, message: `${named(w)} rejected: the ${formatCents(w.amountCents + w.tipCents)} it held ${back}.` };
    }, { admin: true, idempotent: true })
    .get('/game-tasks', async ({ query }) => {
      const status = statusOf(query, TASK_STATUSES);
      const list = (await d.games.tasks(status === 'open' ? 'open' : 'all')).filter((t) => !status || t.status === status);
      return {
        success: true,
        tasks: list.map((t) => ({ id: t.id, kind: t.kind, gameId: t.gameId, userName: t.userName, amount: t.amountCents === null ? null : dollars(t.amountCents), status: t.status,
          confirmed: t.confirmedCents === null ? null : dollars(t.confirmedCents), note: t.note, createdAt: iso(t.createdAt), completedAt: iso(t.completedAt) })),
      };
    }, { admin: true })
    .post('/game-tasks/:id/:outcome', async ({ params, body, operator, request }) => {
      if (params.outcome !== 'complete' && params.outcome !== 'fail') throw AppError.notFound();
      const b = bodyObject(body);
      const done = params.outcome === 'complete';
      const note = done ? reasonOf(b, true, 'reference')! : reasonOf(b, true)!;
      const confirmedCents = done && b.amount !== undefined ? amountOf(b, d.maxAmountDollars) : undefined;
      await finishGameTask(d, actorOf(operator, request, d.trustedHeader), params.id, done, { note, confirmedCents });
      return { success: true, message: done ? 'Task completed: the player is told.' : 'Task failed: held credits are back and the player is told why.' };
    }, { admin: true, idempotent: true })
    .get('/deposits', async ({ query }) => {
      const r = await depositList(d.client, statusOf(query, DEPOSIT_STATUSES), pageOf(query));
      return {
        success: true,
        pagination: pagination(r.page, r.limit, r.total),
        deposits: r.rows.map((x) => ({ id: x.id, userId: x.userId, email: x.email, amount: dollars(x.amountCents), credited: dollars(x.creditedCents), processing: dollars(x.processingCents),
          status: x.status, provider: x.provider, invoiceId: x.invoiceId, invoiceStatus: x.invoiceStatus, createdAt: iso(x.createdAt), closedAt: iso(x.closedAt) })),
      };
    }, { admin: true })
    .post('/deposits/:id/recheck', async ({ params, operator, request }) => {
      const before = await depositById(d.client, params.id);
      if (!before) throw AppError.notFound('Deposit not found');
      if (!before.invoiceId) throw AppError.conflict('This deposit has no invoice to read.', 'INVALID_STATE');
      await atProvider(() => d.deposits.sync(before.invoiceId!));
      const after = (await depositById(d.client, params.id))!;
      await writeAudit(d.client, actorOf(operator, request, d.trustedHeader), {
        action: 'deposit.recheck', targetType: 'deposit', targetId: params.id, before: { status: before.status, creditedCents: before.creditedCents }, after: { status: after.status, creditedCents: after.creditedCents },
      });
      return { success: true, message: after.creditedCents > before.creditedCents ? `Re-read: ${dollars(after.creditedCents - before.creditedCents)} more credited.` : 'Re-read: nothing new.', status: after.status, credited: dollars(after.creditedCents) };
    }, { admin: true, idempotent: true });
