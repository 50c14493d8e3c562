import type { Client } from '@libsql/client';
import { AppError } from '../../lib/app-error';
import { createFreeplayCode, normalizeCode, type NewCode } from '../wallet/freeplay';
import { auditStatement, writeAudit, type Actor } from './audit';

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** A code nobody can guess: 10 characters from an alphabet without look-alikes. */
export const randomCode = () => [...crypto.getRandomValues(new Uint8Array(10))].map((b) => ALPHABET[b % ALPHABET.length]).join('');

/** Every code, newest first, with how often it was redeemed and its last redeemers. */
export async function listCodes(client: Client, limit = 200) {
  const r = await client.execute({
    sql: `SELECT c.id, c.code, c.amount_cents, c.expires_at, c.max_redemptions, c.redemptions, c.disabled_at, c.created_at,
            (SELECT group_concat(email, ', ') FROM (SELECT u.email FROM freeplay_redemptions fr JOIN users u ON u.id = fr.user_id
               WHERE fr.code_id = c.id ORDER BY fr.created_at DESC LIMIT 5)) AS recent
          FROM freeplay_codes c ORDER BY c.created_at DESC, c.id LIMIT ?`,
    args: [limit],
  });
  return r.rows.map((x) => ({
    code: String(x.code), amountCents: Number(x.amount_cents), expiresAt: Number(x.expires_at), cap: Number(x.max_redemptions),
    redemptions: Number(x.redemptions), disabledAt: x.disabled_at == null ? null : Number(x.disabled_at), createdAt: Number(x.created_at),
    recentRedeemers: x.recent == null ? [] : String(x.recent).split(', '),
  }));
}

/** Creates a code (a random one when none is given) and its audit row. */
export async function issueCode(client: Client, actor: Actor, c: Omit<NewCode, 'code'> & { code?: string }, now = Date.now()) {
  const made = await createFreeplayCode(client, { ...c, code: c.code?.trim() ? c.code : randomCode() }, now);
  await writeAudit(client, actor, { action: 'code.create', targetType: 'freeplay_code', targetId: made.code, after: { amountCents: made.amountCents, cap: made.maxRedemptions, expiresAt: made.expiresAt } }, now);
  return made;
}

/** Stops a code redeeming; its past redemptions stand. */
export async function disableCode(client: Client, actor: Actor, raw: string, reason: string | null, now = Date.now()) {
  const code = normalizeCode(raw);
  const r = await client.execute({ sql: 'SELECT disabled_at FROM freeplay_codes WHERE code = ?', args: [code] });
  if (!r.rows[0]) throw AppError.notFound('Code not found');
  if (r.rows[0].disabled_at != null) throw AppError.conflict('This code is already disabled.', 'ALREADY_DISABLED');
  await client.batch([
    { sql: 'UPDATE freeplay_codes SET disabled_at = ? WHERE code = ? AND disabled_at IS NULL', args: [now, code] },
    auditStatement(actor, { action: 'code.disable', targetType: 'freeplay_code', targetId: code, reason, before: { disabled: false }, after: { disabled: true } }, now),
  ], 'write');
}
