import { fsync, openSync } from 'node:fs';
import { LibsqlError } from '@libsql/client';
import type { RawConnection } from './raw-connection';

/** Flushes a file's written data to disk; resolves once it is there. */
export type SyncFile = (fd: number) => Promise<void>;

/** The WAL of an embedded file, made durable off the event loop (docs/decisions/group-commit.md). */
export type WalSync = {
  /** Resolves once every frame written to the WAL before this call is on disk. */
  durable(): Promise<void>;
  /** Why the WAL can no longer be made durable (a failed fsync), or null: the writer then writes nothing more. */
  failure(): Error | null;
};

// node:fs runs an fsync on its thread pool: the event loop goes on reading requests meanwhile.
const fsyncAsync: SyncFile = (fd) => new Promise((resolve, reject) => fsync(fd, (e) => (e ? reject(e) : resolve())));

/**
 * The WAL sync of a file database in WAL mode at synchronous=FULL, or null (in memory, another journal mode or
 * sync level: the writer keeps SQLite's own fsync at COMMIT). One fsync at a time; callers that arrive while one
 * is running wait for the next, which covers them all (a WAL is only appended to, so an fsync covers every frame
 * written before it started). After a failed fsync the kernel may have dropped the unwritten pages and a later
 * fsync can still succeed, so every later call fails too until the process restarts.
 */
export function walSyncOf(db: RawConnection, sync: SyncFile = fsyncAsync): WalSync | null {
  const file = pragma(db, 'database_list').find((r) => r[1] === 'main')?.[2];
  const mode = String(pragma(db, 'journal_mode')[0]?.[0] ?? '').toLowerCase();
  const level = Number(pragma(db, 'synchronous')[0]?.[0]);
  if (typeof file !== 'string' || file === '' || mode !== 'wal' || level !== 2) return null;
  let fd: number | null = null;
  let running = false;
  let failed: Error | null = null;
  let waiting: { resolve: () => void; reject: (e: unknown) => void }[] = [];

  const next = () => {
    if (running || waiting.length === 0) return;
    const batch = waiting;
    waiting = [];
    if (failed) return batch.forEach((w) => w.reject(failed));
    running = true;
    let syncing: Promise<void>;
    try {
      syncing = sync((fd ??= openSync(`${file}-wal`, 'r')));
    } catch (e) {
      syncing = Promise.reject(e);
    }
    syncing.then(
      () => batch.forEach((w) => w.resolve()),
      (e) => {
        failed = new LibsqlError(`SQLITE_IOERR_FSYNC: the ledger's writes could not be made durable: ${e instanceof Error ? e.message : String(e)}`, 'SQLITE_IOERR', 'SQLITE_IOERR_FSYNC');
        batch.forEach((w) => w.reject(failed));
      },
    ).finally(() => {
      running = false;
      next();
    });
  };

  return {
    durable: () => new Promise<void>((resolve, reject) => (waiting.push({ resolve, reject }), next())),
    failure: () => failed,
  };
}

function pragma(db: RawConnection, name: string): unknown[][] {
  // Its own statement text, so the modes set here touch no statement another caller shares.
  const s = db.prepare(`PRAGMA ${name} -- wal sync`);
  s.raw(true);
  return s.all([]) as unknown[][];
}
