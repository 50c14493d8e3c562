import { AppError, fieldText } from '../../lib/app-error';
import { text } from '../../i18n/text';
import { m } from '../../i18n/paraglide/messages.js';
import { auditStatement, type Actor } from '../admin/audit';
import { isCurrentPassword } from '../auth/passwords';
import { queueMailToPlayer } from '../mail/mail-queue';
import type { IdentityContext } from './identity.context';
import { parseTin, type TinType } from './tin';
import { writeClaimed } from '../../../db/claimed-write';

const locked = () => new AppError(409, text(m.api_tax_locked), 'TAX_DETAILS_LOCKED');

export const tinContext = (userId: string) => `tin:${userId}`;

// A withdrawal that counts toward a year's total (any not cancelled or failed) made since a number was first on file:
// the 1099 for that year is filed under the number, so the player can no longer swap it.
const COUNTED_SINCE_ON_FILE = `EXISTS (SELECT 1 FROM withdrawals w WHERE w.user_id = tax_details.user_id AND w.status NOT IN ('cancelled', 'failed')
  AND w.created_at >= coalesce(tax_details.first_saved_at, tax_details.confirmed_at))`;

/** Whether the player's number is locked against their own changes (only an operator may change it then). */
export async function taxNumberLocked(ctx: IdentityContext, userId: string): Promise<boolean> {
  const r = await ctx.client.execute({ sql: `SELECT ${COUNTED_SINCE_ON_FILE} AS locked FROM tax_details WHERE user_id = ?`, args: [userId] });
  return Number(r.rows[0]?.locked ?? 0) === 1;
}

type Change = { actor: Actor; byOperator: boolean; reason: string | null };

/**
 * Puts the number on file, with its audit row (last four digits only, never the number) and the player's e-mail, in
 * one write batch. The write is claimed: the row must still be the one read (so the audit's "before" is true) and, for
 * the player, no withdrawal may have counted since the number was first on file, even one committed a moment ago.
 * A batch, not an interactive transaction: the embedded database's one connection would be held against every other
 * request while it ran.
 */
async function write(ctx: IdentityContext, userId: string, tin: { type: TinType; digits: string }, c: Change) {
  const last4 = tin.digits.slice(5);
  const now = ctx.now();
  const was = await ctx.client.execute({ sql: 'SELECT tin_type, tin_last4, tin_sealed FROM tax_details WHERE user_id = ?', args: [userId] });
  const row = was.rows[0];
  const before = row ? { type: String(row.tin_type), last4: String(row.tin_last4) } : null;
  const claim = {
    sql: `INSERT INTO tax_details (user_id, tin_type, tin_sealed, tin_last4, confirmed_at, first_saved_at) VALUES (?, ?, ?, ?, ?, ?)
          ON CONFLICT (user_id) DO UPDATE SET tin_type = excluded.tin_type, tin_sealed = excluded.tin_sealed, tin_last4 = excluded.tin_last4,
            confirmed_at = excluded.confirmed_at, first_saved_at = coalesce(tax_details.first_saved_at, tax_details.confirmed_at)
          WHERE tax_details.tin_sealed IS ? AND ${c.byOperator ? '1' : `NOT ${COUNTED_SINCE_ON_FILE}`}`,
    args: [userId, tin.type, ctx.cipher.seal(tin.digits, tinContext(userId)), last4, now, now, row ? String(row.tin_sealed) : null],
  };
  const rest = [
    auditStatement(c.actor, { action: 'tax_details.change', targetType: 'user', targetId: userId, reason: c.reason, before, after: { type: tin.type, last4 } }, now),
    queueMailToPlayer({ kind: 'tax-details-changed', userId, data: { type: tin.type, last4, byOperator: c.byOperator, first: !before, at: now } }, now),
  ];
  // Lost: locked by a withdrawal that just counted, or changed by another request meanwhile (nothing was kept).
  const lost = () => new AppError(409, text(m.api_tax_changed_meanwhile), 'TAX_DETAILS_CHANGED');
  try {
    await writeClaimed(ctx.client, [claim], rest, lost);
  } catch (e) {
    if (e instanceof AppError && e.errorType === 'TAX_DETAILS_CHANGED' && !c.byOperator && (await taxNumberLocked(ctx, userId))) throw locked();
    throw e;
  }
  ctx.wakeMail?.();
  return { type: tin.type, last4 };
}

/**
 * The player's own change: the number and its confirmation, the current password, then (`stepUp`) the two-step code
 * when that is on. Bad input is refused first and a locked number before the password, so neither spends a code.
 */
export async function saveTaxDetails(ctx: IdentityContext, actor: Actor, input: { tin?: unknown; confirmed?: unknown; currentPassword?: unknown }, stepUp: () => Promise<unknown>) {
  const userId = actor.id;
  const tin = parseTin(input.tin);
  const password = typeof input.currentPassword === 'string' && input.currentPassword !== '' ? input.currentPassword : null;
  const errors = [];
  if (!tin) errors.push(fieldText('tin', text(m.fields_tin_invalid)));
  if (input.confirmed !== true) errors.push(fieldText('confirmed', text(m.fields_tin_confirm)));
  if (!password) errors.push(fieldText('currentPassword', text(m.fields_current_password_required)));
  if (errors.length || !tin || !password) throw AppError.invalid(errors);
  if (await taxNumberLocked(ctx, userId)) throw locked();
  if (!(await isCurrentPassword(ctx.client, userId, password))) throw AppError.invalid([fieldText('currentPassword', text(m.fields_current_password_wrong))]);
  await stepUp();
  return write(ctx, userId, tin, { actor, byOperator: false, reason: null });
}

/** An operator's change from the console, for a player who asked and proved who they are: a reason is required. */
export async function setTaxDetailsByOperator(ctx: IdentityContext, actor: Actor, userId: string, input: { tin?: unknown; reason: string }) {
  const tin = parseTin(input.tin);
  if (!tin) throw AppError.invalid([{ field: 'tin', message: 'Enter a valid 9-digit SSN or ITIN' }]);
  const r = await ctx.client.execute({ sql: 'SELECT 1 FROM users WHERE id = ?', args: [userId] });
  if (!r.rows[0]) throw AppError.notFound('Player not found');
  return write(ctx, userId, tin, { actor, byOperator: true, reason: input.reason });
}
