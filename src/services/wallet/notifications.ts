import type { Client, InStatement } from '@libsql/client';

export type Notification = { id: string; type: string; content: string; createdAt: number };

/** Written in the same transaction as the event it tells of; pushed to the player after commit. */
export function notificationRow(userId: string, type: string, content: string, now: number): { stmt: InStatement; note: Notification } {
  const id = Bun.randomUUIDv7();
  return {
    stmt: { sql: 'INSERT INTO notifications (id, user_id, type, content, created_at) VALUES (?, ?, ?, ?, ?)', args: [id, userId, type, content, now] },
    note: { id, type, content, createdAt: now },
  };
}

export async function listNotifications(client: Client, userId: string, page: number, limit: number) {
  const [count, rows] = await client.batch(
    [
      { sql: 'SELECT count(*) AS n FROM notifications WHERE user_id = ?', args: [userId] },
      {
        sql: 'SELECT id, type, content, created_at FROM notifications WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?',
        args: [userId, limit, (page - 1) * limit],
      },
    ],
    'read',
  );
  const total = Number(count!.rows[0]!.n);
  const items: Notification[] = rows!.rows.map((r) => ({ id: String(r.id), type: String(r.type), content: String(r.content), createdAt: Number(r.created_at) }));
  return { total, items };
}
