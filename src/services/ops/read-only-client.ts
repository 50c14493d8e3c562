import type { Client, InStatement, ResultSet } from '@libsql/client';
import Database from 'libsql';
import { existsSync } from 'node:fs';

/**
 * An embedded database file opened read-only, behind the part of @libsql/client's Client that the checks use
 * (execute, a read batch, close). Checking a backup must leave it exactly as it was: @libsql/client cannot open a
 * file read-only, and the server's tuning would switch it to WAL and leave -wal and -shm files beside it.
 */
export function openReadOnly(path: string): Client {
  // libsql would create a missing file even when asked for read-only.
  if (!existsSync(path)) throw Object.assign(new Error(`no database file at ${path}`), { code: 'SQLITE_CANTOPEN' });
  // SQLite's URI form opens it read-only (libsql ignores a `readonly` option): no write, no journal change.
  const db = new Database(`file:${path.replace(/%/g, '%25').replace(/\?/g, '%3f').replace(/#/g, '%23')}?mode=ro`);
  const run = (stmt: InStatement): ResultSet => {
    const { sql, args = [] } = typeof stmt === 'string' ? { sql: stmt } : (stmt as { sql: string; args?: unknown[] });
    const prepared = db.prepare(sql);
    if (!prepared.reader) {
      prepared.run(...(args as never[]));
      return { columns: [], columnTypes: [], rows: [], rowsAffected: 0, lastInsertRowid: undefined, toJSON: () => ({}) } as unknown as ResultSet;
    }
    const columns = prepared.columns().map((c) => c.name);
    const rows = (prepared.raw(true).all(...(args as never[])) as unknown[][]).map((values) =>
      Object.assign([...values], Object.fromEntries(columns.map((c, i) => [c, values[i]]))));
    return { columns, columnTypes: [], rows, rowsAffected: 0, lastInsertRowid: undefined, toJSON: () => ({ columns, rows }) } as unknown as ResultSet;
  };
  return {
    execute: async (stmt: InStatement) => run(stmt),
    // One read transaction, as the server's client gives a 'read' batch: every statement sees the same snapshot.
    batch: async (stmts: InStatement[]) => {
      db.exec('BEGIN');
      try {
        return stmts.map(run);
      } finally {
        db.exec('COMMIT');
      }
    },
    close: () => db.close(),
    get closed() {
      return !db.open;
    },
  } as unknown as Client;
}
