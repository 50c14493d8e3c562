import type { Client, InStatement, ResultSet } from '@libsql/client';
import { LibsqlBatchError, LibsqlError } from '@libsql/client';
import { asLibsqlError, rawConnectionOf, runStatement, type RawConnection } from '../../../db/raw-connection';
import { remoteOf } from '../../../db/remote';
import { walSyncOf, type SyncFile, type WalSync } from '../../../db/wal-sync';
import { busyRetry, isBusy } from './busy';
import { createRemoteCommit } from './remote-commit';

/** Commits one movement's statements all-or-nothing; resolves only once they are durable. */
export type Commit = (stmts: InStatement[]) => Promise<ResultSet[]>;

export type GroupCommitOptions = {
  /** Called once per database commit with the number of movements it held (tests and benchmarks count them). */
  onCommit?: (movements: number) => void;
  /** false: one transaction per movement, as before grouping (benchmarks compare the two). */
  grouping?: boolean;
  /** How the WAL is flushed to disk before callers are answered (tests slow it down or make it fail). */
  syncWal?: SyncFile;
};

type Pending = { stmts: InStatement[]; resolve: (r: ResultSet[]) => void; reject: (e: unknown) => void; busy?: number };

// A bound on one transaction's size; what is left waits for the next commit of the same flush.
const MAX_GROUP = 512;

/**
 * Group commit for the embedded database (DESIGN §2). Every movement that arrives while the writer is busy
 * (writing the previous group, so requests pile up in the sockets) is written by the next flush in ONE
 * `BEGIN IMMEDIATE … COMMIT`, each inside its own SAVEPOINT: a movement that breaks a rule is rolled back to
 * its savepoint and only its own caller gets the error. Callers are answered once the WAL holding their
 * movement is on disk (wal-sync.ts: one fsync on another thread covers whole groups, while this thread writes
 * the next). The flush runs in one synchronous stretch, so no other call on the shared connection can land
 * inside its transaction.
 * A remote (`libsql://`, `http://`) client opened by `openDatabase` groups the same way over Hrana
 * (remote-commit.ts); any other remote client sends each movement as its own `batch`, one at a time.
 */
export function createGroupCommit(client: Client, opts: GroupCommitOptions = {}): Commit {
  const commit = writerFor(client, opts);
  let counter = moving.get(client);
  if (!counter) moving.set(client, (counter = { n: 0, starts: Array<number>(BURST).fill(-Infinity), next: 0 }));
  const c = counter;
  return (stmts) => {
    c.n++;
    c.starts[c.next] = performance.now();
    c.next = (c.next + 1) % BURST;
    return commit(stmts).finally(() => c.n--);
  };
}

// Movements written or waiting to be, per database client, and when the last few began: background work (the mail
// queue) yields while money moves.
const moving = new WeakMap<Client, { n: number; starts: number[]; next: number }>();
// Under load a movement is not in flight at every instant (its request may be reading its checks), so a run of
// movements begun close together counts too: BURST of them within RECENT_MS (25 a second). One on its own does not.
const BURST = 5;
const RECENT_MS = 200;

/** Whether money is moving on this database: a movement is queued, written or being made durable, or many began just now. */
export function moneyMoving(client: Client): boolean {
  const c = moving.get(client);
  // starts[next] is the oldest of the last BURST starts.
  return c !== undefined && (c.n > 0 || performance.now() - c.starts[c.next]! < RECENT_MS);
}

function writerFor(client: Client, opts: GroupCommitOptions): Commit {
  const remote = remoteOf(client);
  if (remote) return createRemoteCommit(remote, opts);
  let raw: Promise<RawConnection | null> | null = null;
  let wal: WalSync | null | undefined;
  let queue: Pending[] = [];
  let scheduled = false;

  const single: Commit = (stmts) => client.batch(stmts, 'write').then((r) => (opts.onCommit?.(1), r));
  // On a libSQL server this instance's movements go one after another: many writers queued at once inside sqld
  // stall its write lock for seconds and some fail with SQLITE_BUSY, while one at a time keeps it busy.
  let tail: Promise<unknown> = Promise.resolve();
  const queued: Commit = (stmts) => {
    const run = tail.then(() => single(stmts));
    tail = run.catch(() => {});
    return run;
  };

  function flush(db: RawConnection) {
    scheduled = false;
    if (wal === undefined) wal = db.open ? walSyncOf(db, opts.syncWal) : null;
    const failure = wal?.failure();
    if (failure) {
      // Nothing more is written once a write could not be made durable: a restart finds what the disk holds.
      const refused = queue;
      queue = [];
      return refused.forEach((p) => p.reject(failure));
    }
    while (queue.length) {
      const group = queue.length > MAX_GROUP ? queue.splice(0, MAX_GROUP) : queue;
      if (group === queue) queue = [];
      let remaining: Pending[] = group;
      while (remaining.length) {
        // The group's COMMIT writes its frames to the WAL without waiting for the disk; the WAL sync flushes them
        // on another thread while this thread goes on, and the callers are answered once they are on disk. Any
        // other write on the connection keeps SQLite's fsync at COMMIT (FULL).
        if (wal && db.open) db.exec('PRAGMA synchronous = NORMAL');
        try {
          remaining = commitGroup(db, remaining);
        } catch (e) {
          // Not a rule a movement broke (those are caught per savepoint): nothing of this group is kept.
          if (db.open && db.inTransaction) db.exec('ROLLBACK');
          for (const p of remaining) p.reject(asLibsqlError(e));
          remaining = [];
        } finally {
          if (wal && db.open) db.exec('PRAGMA synchronous = FULL');
        }
      }
    }
  }

  function retryLater(db: RawConnection, group: Pending[]) {
    const attempt = group[0]!.busy ?? 0;
    for (const p of group) p.busy = attempt + 1;
    void busyRetry(attempt).then((again) => {
      if (!again) return void group.forEach((p) => p.reject(busyFailure()));
      // The group goes first in the next flush.
      queue = [...group, ...queue];
      if (!scheduled) {
        scheduled = true;
        setTimeout(() => flush(db), 0);
      }
    });
  }

  /** One transaction; returns the movements to run again when an error ended the whole transaction. */
  function commitGroup(db: RawConnection, group: Pending[]): Pending[] {
    if (!db.open) {
      for (const p of group) single(p.stmts).then(p.resolve, p.reject);
      return [];
    }
    try {
      db.exec('BEGIN IMMEDIATE');
    } catch (e) {
      // Another process (an instance on the same file) held the write lock through the whole busy timeout: the
      // group waits and tries again, a bounded number of times, instead of failing.
      if (isBusy(asLibsqlError(e))) retryLater(db, group);
      else for (const p of group) p.reject(asLibsqlError(e));
      return [];
    }
    const done: { p: Pending; results: ResultSet[] }[] = [];
    const failed: { p: Pending; error: unknown }[] = [];
    let again: Pending[] = [];
    for (let i = 0; i < group.length; i++) {
      const p = group[i]!;
      const results: ResultSet[] = [];
      try {
        db.exec('SAVEPOINT movement');
        for (const s of p.stmts) results.push(runStatement(db, s));
        db.exec('RELEASE movement');
        done.push({ p, results });
      } catch (e) {
        failed.push({ p, error: batchError(e, results.length) });
        if (db.inTransaction) {
          db.exec('ROLLBACK TO movement');
          db.exec('RELEASE movement');
        } else {
          // SQLite ended the whole transaction (I/O error, disk full): the movements before this one did
          // nothing wrong and go again in a fresh transaction.
          again = [...done.map((d) => d.p), ...group.slice(i + 1)];
          done.length = 0;
          break;
        }
      }
    }
    if (done.length) {
      try {
        db.exec('COMMIT');
      } catch (e) {
        if (db.inTransaction) db.exec('ROLLBACK');
        const error = asLibsqlError(e);
        for (const d of done) d.p.reject(error);
        for (const f of failed) f.p.reject(error);
        return again;
      }
      opts.onCommit?.(done.length);
    } else if (db.inTransaction) db.exec('ROLLBACK');
    const answer = () => {
      for (const d of done) d.p.resolve(d.results);
      for (const f of failed) f.p.reject(f.error);
    };
    // A refused movement waits for the WAL sync too: its caller may read what this group or an earlier one committed
    // (a repeated externalRef is answered with the first transfer), which must not be answered before it is on disk.
    if (wal && (done.length || failed.length)) wal.durable().then(answer, (e) => [...done, ...failed].forEach((x) => x.p.reject(e)));
    else answer();
    return again;
  }

  return async (stmts) => {
    if (opts.grouping === false) return single(stmts);
    const db = await (raw ??= rawConnectionOf(client));
    if (!db) return queued(stmts);
    return new Promise<ResultSet[]>((resolve, reject) => {
      queue.push({ stmts, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        // After this turn's I/O: every request already read reaches the queue before the flush. (A zero timer rather
        // than setImmediate: with setImmediate, renders in the island tests' DOM stalled until some other timer fired.)
        setTimeout(() => flush(db), 0);
      }
    });
  };
}

const busyFailure = () => new LibsqlError('SQLITE_BUSY: database is locked', 'SQLITE_BUSY');

/** The error a `batch` of the same statements would have thrown: a LibsqlBatchError naming the statement. */
function batchError(e: unknown, index: number): unknown {
  const l = asLibsqlError(e);
  if (!(l instanceof LibsqlError)) return l;
  const cause = l.cause instanceof Error ? l.cause : undefined;
  return new LibsqlBatchError(cause?.message ?? l.message, index, l.code, l.extendedCode, l.rawCode, cause);
}
