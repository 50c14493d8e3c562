import type { Client } from '@libsql/client';
import { migrations } from './migrations';

// Our own runner over the SQL files drizzle-kit writes: the list is imported as text, so the single
// binary carries it and needs no files on disk.
export async function migrate(client: Client): Promise<number> {
  await client.execute('CREATE TABLE IF NOT EXISTS _migrations (tag TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)');
  const done = new Set((await client.execute('SELECT tag FROM _migrations')).rows.map((r) => String(r.tag)));
  let applied = 0;
  for (const m of migrations) {
    if (done.has(m.tag)) continue;
    const statements = m.sql.split('--> statement-breakpoint').map((s) => s.trim()).filter(Boolean);
    await client.batch(
      [...statements, { sql: 'INSERT INTO _migrations (tag, applied_at) VALUES (?, ?)', args: [m.tag, Date.now()] }],
      'write',
    );
    applied++;
  }
  return applied;
}
