import type { Client } from '@libsql/client';
import Database from 'libsql';
import { existsSync } from 'node:fs';
import { migrations } from '../../../db/migrations';
import { verifyLedger, type VerifyReport } from '../ledger/ledger-verify';
import { openReadOnly } from './read-only-client';

/** The file of an embedded DATABASE_URL (`file:path`), or null for a libSQL server. */
export function embeddedPath(url: string): string | null {
  if (!url.startsWith('file:')) return null;
  return url.slice('file:'.length).split('?')[0]! || null;
}

/** Which migrations this build knows but the database lacks, and which the database has that this build does not know. */
export async function migrationState(client: Client): Promise<{ pending: string[]; unknown: string[] }> {
  const table = await client.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name = '_migrations'");
  const applied = table.rows.length ? (await client.execute('SELECT tag FROM _migrations')).rows.map((r) => String(r.tag)) : [];
  const known = new Set(migrations.map((m) => m.tag));
  const done = new Set(applied);
  return { pending: migrations.map((m) => m.tag).filter((t) => !done.has(t)), unknown: applied.filter((t) => !known.has(t)) };
}

export type FileCheck = { ok: boolean; problems: string[]; ledger: VerifyReport | null; migrations: number };

/**
 * Proves a database file is whole and usable by this build: SQLite's integrity check, every migration it carries
 * known here, and the ledger's invariants. Used on a fresh backup and on a file before it is restored. Only reads.
 */
export async function checkDatabaseFile(path: string): Promise<FileCheck> {
  if (!existsSync(path)) return { ok: false, problems: [`${path} does not exist`], ledger: null, migrations: 0 };
  const problems: string[] = [];
  let client: Client;
  try {
    // Read-only: checking a backup leaves the file exactly as it was.
    client = openReadOnly(path);
  } catch (e) {
    return { ok: false, problems: [`${path} is not a readable SQLite database (${e instanceof Error ? e.message.slice(0, 120) : 'error'})`], ledger: null, migrations: 0 };
  }
  try {
    let integrity: string[];
    try {
      integrity = (await client.execute('PRAGMA integrity_check')).rows.map((r) => String(Object.values(r)[0]));
    } catch (e) {
      return { ok: false, problems: [`${path} is not a readable SQLite database (${e instanceof Error ? e.message.slice(0, 120) : 'error'})`], ledger: null, migrations: 0 };
    }
    if (integrity.join() !== 'ok') problems.push(`integrity check failed: ${integrity.slice(0, 5).join('; ')}`);
    const m = await migrationState(client);
    const applied = migrations.length - m.pending.length + m.unknown.length;
    if (applied === 0) problems.push('it holds no Coinreel schema (no applied migrations)');
    if (m.unknown.length) problems.push(`it was migrated by a newer Coinreel (unknown migrations: ${m.unknown.join(', ')})`);
    let ledger: VerifyReport | null = null;
    if (applied > 0) {
      try {
        ledger = await verifyLedger(client);
        for (const c of ledger.checks) if (!c.ok) problems.push(`ledger: ${c.name}: ${c.violations.slice(0, 3).join('; ')}`);
      } catch (e) {
        problems.push(`the ledger could not be read (${e instanceof Error ? e.message.slice(0, 120) : 'error'})`);
      }
    }
    return { ok: problems.length === 0, problems, ledger, migrations: applied };
  } finally {
    client.close();
  }
}

/**
 * True when some process has the database open (the site, a command). SQLite refuses an exclusive lock to a
 * connection while any other holds the file, so taking one and letting it go tells without changing anything.
 */
export function databaseInUse(path: string): boolean {
  if (!existsSync(path)) return false;
  const db = new Database(path, { timeout: 0 } as ConstructorParameters<typeof Database>[1]);
  try {
    // exec, not prepare: a prepared statement outlives close() until it is collected, and with it the lock.
    db.exec('PRAGMA busy_timeout = 0; PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; COMMIT');
    return false;
  } catch {
    return true;
  } finally {
    db.close();
  }
}
