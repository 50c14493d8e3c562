import type { Client, InStatement } from '@libsql/client';
import { appendRows } from '../ledger/append-rows';
import { parseStored, renderStored, type StoredText } from '../notices/stored-text';

export type Notification = { id: string; type: string;
  /** The words in English, as kept (the console; and a notification written before words were kept as a key). */
  content: string;
  /** The words as a message key and inputs, said in the reader's language; null: `content` as written. */
  message?: StoredText | null;
  createdAt: number;
  /** A page of this site the notice points to (the proof of liabilities' check); absent for most. */
  link?: string | null };

export type NewNotification = { userId: string; type: string; message: StoredText };

/**
 * Written in the same transaction as the event they tell of (one statement for all); pushed after commit. The words
 * are kept as a key and inputs, said when read in the reader's language (docs/decisions/spanish.md); `content` keeps
 * them in English.
 */
export function notificationRows(items: NewNotification[], now: number): { stmt: InStatement; notes: Notification[] } {
  const notes = items.map((n) => ({ id: Bun.randomUUIDv7(), type: n.type, content: renderStored(n.message, 'en'), message: n.message, createdAt: now }));
  return {
    stmt: appendRows({
      sql: `INSERT INTO notifications (id, user_id, type, content, message, created_at) VALUES ${items.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')}`,
      args: items.flatMap((n, i) => [notes[i]!.id, n.userId, n.type, notes[i]!.content, JSON.stringify(n.message), now]),
    }),
    notes,
  };
}

export function notificationRow(userId: string, type: string, message: StoredText, now: number): { stmt: InStatement; note: Notification } {
  const { stmt, notes } = notificationRows([{ userId, type, message }], now);
  return { stmt, note: notes[0]! };
}

export async function listNotifications(client: Client, userId: string, page: number, limit: number) {
  const [count, rows] = await client.batch(
    [
      { sql: 'SELECT count(*) AS n FROM notifications WHERE user_id = ?', args: [userId] },
      {
        sql: 'SELECT id, type, content, message, link, created_at FROM notifications WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?',
        args: [userId, limit, (page - 1) * limit],
      },
    ],
    'read',
  );
  const total = Number(count!.rows[0]!.n);
  const items: Notification[] = rows!.rows.map((r) => ({ id: String(r.id), type: String(r.type), content: String(r.content), message: parseStored(r.message),
    link: r.link === null ? null : String(r.link), createdAt: Number(r.created_at) }));
  return { total, items };
}
