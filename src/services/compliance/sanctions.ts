import type { Client, InStatement } from '@libsql/client';
import { AppError } from '../../lib/app-error';
import { text } from '../../i18n/text';
import { m } from '../../i18n/paraglide/messages.js';
import { freezingHit } from './hits';

/** What a player is told when a withdrawal cannot go out: the same words for a listed destination and a frozen cash-out. */
export const cannotSend = () => new AppError(403, text(m.api_cannot_send), 'CASH_OUT_UNAVAILABLE');

/** How old a list may be in production before doctor and the console say so. */
export const LIST_MAX_AGE_DAYS = 30;
const DAY_MS = 86_400_000;

export type ListStatus = { loaded: false } | { loaded: true; source: string; listDate: number; importedAt: number; count: number; ageDays: number; stale: boolean };

/** The loaded list: its source, its own date, when it was imported, how many entries, and whether it is too old. */
export async function listStatus(client: Client, now = Date.now()): Promise<ListStatus> {
  const r = await client.execute('SELECT source, list_date, imported_at, count FROM sanctions_list WHERE id = 1');
  const x = r.rows[0];
  if (!x) return { loaded: false };
  const listDate = Number(x.list_date);
  const ageDays = Math.floor((now - listDate) / DAY_MS);
  return { loaded: true, source: String(x.source), listDate, importedAt: Number(x.imported_at), count: Number(x.count), ageDays, stale: ageDays > LIST_MAX_AGE_DAYS };
}

/** The sentence doctor and the console show when the list is missing or old; null when it is fine. */
export function listWarning(s: ListStatus): string | null {
  if (!s.loaded) return 'No sanctions list is loaded: withdrawals are not screened against sanctioned addresses.';
  if (s.stale) return `The sanctions list is ${s.ageDays} days old (dated ${new Date(s.listDate).toISOString().slice(0, 10)}): load a current one.`;
  return null;
}

export async function isListed(client: Client, key: string | null): Promise<boolean> {
  if (!key) return false;
  const r = await client.execute({ sql: 'SELECT 1 FROM sanctioned_addresses WHERE address = ?', args: [key] });
  return r.rows.length > 0;
}

/** The facts of a sanctioned destination's case, and the statements that freeze the player's cash-out with it. */
export function sanctionedHit(o: { userId: string; ref: string; destination: string; key: string; currency: string; amountCents: number; withdrawalId?: string | null; at: number; via: string }): InStatement[] {
  return freezingHit({
    userId: o.userId, rule: 'sanctioned_destination', ref: o.ref, at: o.at,
    facts: { destination: o.destination, listedAs: o.key, currency: o.currency, amountCents: o.amountCents, withdrawalId: o.withdrawalId ?? null, via: o.via },
  }, 'A withdrawal to a sanctioned destination');
}

/** Writes a sanctioned destination's hit (case, freeze) at once; for a request that is then refused. */
export async function recordSanctioned(client: Client, o: Parameters<typeof sanctionedHit>[0]): Promise<void> {
  await client.batch(sanctionedHit(o), 'write');
}

export type ImportResult = { count: number; listDate: number; importedAt: number; source: string; matched: number };

// A statement's parameters stay well below SQLite's limit.
const CHUNK = 500;

/**
 * Replaces the whole list in one transaction (readers see the old list or the new one, never a mix) and records its
 * source, date and count; then screens the withdrawals still open against it, each match a case that freezes its
 * player's cash-out (held, not sent).
 */
export async function replaceList(client: Client, entries: string[], source: string, listDate: number, now = Date.now()): Promise<ImportResult> {
  const unique = [...new Set(entries)];
  const stmts: InStatement[] = [{ sql: 'DELETE FROM sanctioned_addresses', args: [] }];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const part = unique.slice(i, i + CHUNK);
    stmts.push({ sql: `INSERT INTO sanctioned_addresses (address) VALUES ${part.map(() => '(?)').join(', ')}`, args: part });
  }
  stmts.push({
    sql: `INSERT INTO sanctions_list (id, source, list_date, imported_at, count) VALUES (1, ?, ?, ?, ?)
          ON CONFLICT (id) DO UPDATE SET source = excluded.source, list_date = excluded.list_date, imported_at = excluded.imported_at, count = excluded.count`,
    args: [source, listDate, now, unique.length],
  });
  await client.batch(stmts, 'write');
  return { count: unique.length, listDate, importedAt: now, source, matched: await screenOpenWithdrawals(client, now) };
}

/** Open withdrawals whose destination is now listed: each opens (or adds to) its player's case and freezes them. */
export async function screenOpenWithdrawals(client: Client, now = Date.now()): Promise<number> {
  const r = await client.execute(`SELECT w.id, w.user_id, w.currency, w.destination, w.amount_cents, s.destination_key FROM withdrawals w
    JOIN withdrawal_screens s ON s.withdrawal_id = w.id JOIN sanctioned_addresses a ON a.address = s.destination_key
    WHERE w.status IN ('creating', 'pending', 'cancelling')`);
  for (const w of r.rows)
    await client.batch(sanctionedHit({ userId: String(w.user_id), ref: String(w.id), destination: String(w.destination), key: String(w.destination_key),
      currency: String(w.currency), amountCents: Number(w.amount_cents), withdrawalId: String(w.id), at: now, via: 'list import' }), 'write');
  return r.rows.length;
}
