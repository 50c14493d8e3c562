import type { Client } from '@libsql/client';
import { AppError, fieldText } from '../../lib/app-error';
import { formatCents, type Cents } from '../../shared/money';
import { systemId, walletId, type Ledger } from '../ledger/ledger.types';
import { historyRow } from './history';
import { notificationRow, type Notification } from './notifications';
import { stored } from '../notices/stored-text';
import { text, type Text } from '../../i18n/text';
import { m } from '../../i18n/paraglide/messages.js';

export const normalizeCode = (code: string) => code.trim().toUpperCase();

const invalid = (message: string | Text, status = 400, errorType = 'FREEPLAY_INVALID') =>
  new AppError(status, message, errorType, [typeof message === 'string' ? { field: 'code', message } : fieldText('code', message)]);
const ALREADY = () => invalid(text(m.api_freeplay_already), 409, 'FREEPLAY_ALREADY_USED');
const EXHAUSTED = () => invalid(text(m.api_freeplay_exhausted), 409, 'FREEPLAY_EXHAUSTED');

/**
 * Redeems a code into the player's wallet from the promotions account. The cap and the once-per-player rule
 * are enforced by constraints inside the same transaction, so racing redemptions cannot exceed either.
 */
export async function redeemFreeplay(client: Client, ledger: Ledger, userId: string, rawCode: string, now = Date.now()) {
  const code = normalizeCode(rawCode);
  const r = await client.execute({ sql: 'SELECT id, amount_cents, expires_at, max_redemptions, redemptions, disabled_at FROM freeplay_codes WHERE code = ?', args: [code] });
  const row = r.rows[0];
  // A code an operator disabled reads as unknown to players.
  if (!row || row.disabled_at != null) throw invalid(text(m.api_freeplay_unknown), 404, 'FREEPLAY_UNKNOWN');
  const codeId = String(row.id);
  const amountCents = Number(row.amount_cents) as Cents;
  if (Number(row.expires_at) <= now) throw invalid(text(m.api_freeplay_expired), 410, 'FREEPLAY_EXPIRED');
  const used = await client.execute({ sql: 'SELECT 1 FROM freeplay_redemptions WHERE code_id = ? AND user_id = ?', args: [codeId, userId] });
  if (used.rows.length) throw ALREADY();
  if (Number(row.redemptions) >= Number(row.max_redemptions)) throw EXHAUSTED();
  const note = notificationRow(userId, 'FREEPLAY_REDEEMED', stored('api_note_freeplay', { code, amount: formatCents(amountCents) }), now);
  try {
    const t = await ledger.transfer({
      debit: systemId('promotions'),
      credit: walletId(userId),
      amountCents,
      code: 'FREEPLAY',
      externalRef: `freeplay:${codeId}:${userId}`,
      metadata: { code },
      with: (transferId) => [
        { sql: 'UPDATE freeplay_codes SET redemptions = redemptions + 1 WHERE id = ?', args: [codeId] },
        { sql: 'INSERT INTO freeplay_redemptions (id, code_id, user_id, transfer_id, created_at) VALUES (?, ?, ?, ?, ?)', args: [Bun.randomUUIDv7(), codeId, userId, transferId, now] },
        historyRow({ userId, type: 'FREEPLAY', direction: 'in', status: 'completed', amountCents, transferId, orderId: code }, now),
        note.stmt,
      ],
    });
    if (t.replayed) throw ALREADY();
    return { amountCents, note: note.note as Notification };
  } catch (e) {
    const msg = e instanceof Error ? e.message : '';
    if (msg.includes('freeplay_cap')) throw EXHAUSTED();
    if (msg.includes('freeplay_redemptions')) throw ALREADY();
    throw e;
  }
}

export type NewCode = { code: string; amountCents: number; expiresAt: number; maxRedemptions: number };

/** Creates a code; the operator command and tests use it. */
export async function createFreeplayCode(client: Client, c: NewCode, now = Date.now()) {
  const code = normalizeCode(c.code);
  if (!/^[A-Z0-9-]{4,32}$/.test(code)) throw invalid('Codes are 4 to 32 letters, digits or dashes.');
  if (!Number.isSafeInteger(c.amountCents) || c.amountCents <= 0) throw invalid('Amount must be positive.');
  if (!Number.isSafeInteger(c.maxRedemptions) || c.maxRedemptions < 1) throw invalid('The redemption cap must be at least 1.');
  if (c.expiresAt <= now) throw invalid('The expiry must be in the future.');
  try {
    await client.execute({
      sql: 'INSERT INTO freeplay_codes (id, code, amount_cents, expires_at, max_redemptions, redemptions, created_at) VALUES (?, ?, ?, ?, ?, 0, ?)',
      args: [Bun.randomUUIDv7(), code, c.amountCents, c.expiresAt, c.maxRedemptions, now],
    });
  } catch (e) {
    if (e instanceof Error && e.message.includes('UNIQUE')) throw invalid(`The code ${code} already exists: choose another, or give none for a random one.`, 409, 'FREEPLAY_EXISTS');
    throw e;
  }
  return { ...c, code };
}
