import type { Client } from '@libsql/client';
import { hostname } from 'node:os';
import { migrations } from './migrations';

export type MigrateOptions = {
  /**
   * Runs once, holding the lock, before pending migrations that change existing tables are applied to a database
   * that already has some (production's backup beside the database). A throw stops the migration.
   */
  beforeChange?: (pending: string[]) => Promise<void>;
  /** Told once when another instance holds the lock and this one waits for it. */
  onWait?: (holder: string) => void;
  /** How long the lock holds unrenewed: a migrator that died blocks the others this long at most. */
  lockMs?: number;
  /** How often a waiting instance looks at the lock again. */
  pollMs?: number;
  /** The migrations to apply; the bundled ones unless a test brings its own. */
  list?: { tag: string; sql: string }[];
};

const LOCK_TABLE = 'CREATE TABLE IF NOT EXISTS _migration_lock (id INTEGER PRIMARY KEY CHECK (id = 1), holder TEXT NOT NULL, expires_at INTEGER NOT NULL)';
const TAGS_TABLE = 'CREATE TABLE IF NOT EXISTS _migrations (tag TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)';

/** The bundled migrations the database has not applied yet (none: its schema is this version's). */
export async function pendingMigrations(client: Client, list = migrations): Promise<string[]> {
  const done = await appliedTags(client);
  return list.filter((m) => !done.has(m.tag)).map((m) => m.tag);
}

async function appliedTags(client: Client): Promise<Set<string>> {
  const exists = await client.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_migrations'");
  if (!exists.rows.length) return new Set();
  return new Set((await client.execute('SELECT tag FROM _migrations')).rows.map((r) => String(r.tag)));
}

/**
 * Whether a migration touches what is already there (rebuilds, renames, drops, data changes), as opposed to adding
 * new tables, indexes or triggers only. Trigger bodies are left out: their statements run later, not now.
 */
export function changesTables(sql: string): boolean {
  const text = sql.replace(/--[^\n]*/g, '').replace(/CREATE\s+TRIGGER[\s\S]*?\bEND\b/gi, '');
  return /\b(ALTER\s+TABLE|DROP\s+(TABLE|INDEX|VIEW|TRIGGER)|INSERT\s+INTO|UPDATE\s+[`"\w]+\s+SET|DELETE\s+FROM)\b/i.test(text);
}

// Our own runner over the SQL files drizzle-kit writes: the list is imported as text, so the single binary carries
// it and needs no files on disk. Several instances may start at once on one database: the one holding the lock row
// migrates, the others wait and then find the migrations applied. The row expires, so a migrator that crashed
// blocks the others for `lockMs` at most.
export async function migrate(client: Client, o: MigrateOptions = {}): Promise<number> {
  const lockMs = o.lockMs ?? 120_000;
  const pollMs = o.pollMs ?? 100;
  const list = o.list ?? migrations;
  await client.execute(LOCK_TABLE);
  await client.execute(TAGS_TABLE);
  // The usual start: nothing to do, and no lock taken.
  if (!(await pendingMigrations(client, list)).length) return 0;

  const holder = `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
  let told = false;
  while (!(await takeLock(client, holder, lockMs))) {
    if (!told && o.onWait) {
      told = true;
      const row = (await client.execute('SELECT holder FROM _migration_lock WHERE id = 1').catch(() => null))?.rows[0];
      o.onWait(row ? String(row.holder) : 'another instance');
    }
    await Bun.sleep(pollMs);
  }
  try {
    // Read again under the lock: whoever held it before may have applied everything.
    const done = await appliedTags(client);
    const pending = list.filter((m) => !done.has(m.tag));
    if (pending.length && done.size && o.beforeChange && pending.some((m) => changesTables(m.sql))) await o.beforeChange(pending.map((m) => m.tag));
    for (const m of pending) {
      await renewLock(client, holder, lockMs);
      const statements = m.sql.split('--> statement-breakpoint').map((s) => s.trim()).filter(Boolean);
      await client.batch([...statements, { sql: 'INSERT INTO _migrations (tag, applied_at) VALUES (?, ?)', args: [m.tag, Date.now()] }], 'write');
    }
    return pending.length;
  } finally {
    await client.execute({ sql: 'DELETE FROM _migration_lock WHERE id = 1 AND holder = ?', args: [holder] }).catch(() => {});
  }
}

/** One statement, so of several instances at once exactly one takes a free or expired lock. */
async function takeLock(client: Client, holder: string, lockMs: number): Promise<boolean> {
  const now = Date.now();
  try {
    const r = await client.execute({
      sql: `INSERT INTO _migration_lock (id, holder, expires_at) VALUES (1, ?, ?)
            ON CONFLICT (id) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at WHERE _migration_lock.expires_at < ?`,
      args: [holder, now + lockMs, now],
    });
    return r.rowsAffected === 1;
  } catch (e) {
    // An embedded file busy past its timeout with the holder's migration: still held, look again.
    if (e instanceof Error && /SQLITE_BUSY|database is locked/i.test(e.message)) return false;
    throw e;
  }
}

async function renewLock(client: Client, holder: string, lockMs: number): Promise<void> {
  const r = await client.execute({ sql: 'UPDATE _migration_lock SET expires_at = ? WHERE id = 1 AND holder = ?', args: [Date.now() + lockMs, holder] });
  if (r.rowsAffected !== 1) throw new Error('the migration lock expired while migrating (a migration took longer than the lock lasts); start again');
}
