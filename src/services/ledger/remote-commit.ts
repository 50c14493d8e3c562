import type { InStatement, ResultSet } from '@libsql/client';
import { LibsqlBatchError, LibsqlError } from '@libsql/client';
import { ResultSetImpl } from '@libsql/core/util';
import * as hrana from '@libsql/hrana-client';
import { asLibsql, gather, keptStream, streamGone, toHrana, toResultSet, type Remote } from '../../../db/remote';
import { isAppendRows, joinAppendRows, rowCount, type AppendRows } from './append-rows';
import { busyRetry, isBusy } from './busy';
import type { Commit, GroupCommitOptions } from './group-commit';

type Pending = { stmts: InStatement[]; resolve: (r: ResultSet[]) => void; reject: (e: unknown) => void };
type Step = { ok: boolean; skipped: boolean; result?: hrana.RowsResult; error?: unknown };

// Steps of one request are seven to eleven per movement; this keeps a request well inside sqld's limits.
const MAX_GROUP = 128;
// Below this many movements a request is not split: under the bench's load a write request took sqld about 7 ms
// plus 0.3 ms per movement, so a smaller group costs more than the overlap wins (docs/decisions/remote-requests.md).
const MIN_SPLIT = 24;

/**
 * Group commit on a libSQL server. sqld spends about a millisecond of CPU per request whatever it holds, so the
 * movements that queue while a request is in flight go together in the next one: one Hrana batch holding
 * `BEGIN IMMEDIATE`, then each movement inside its own SAVEPOINT (each statement conditioned on the previous
 * one's success; a failed statement rolls back to the savepoint, so only its own caller gets the error, the same
 * LibsqlBatchError a `batch` would have thrown), then COMMIT. Callers are answered after the COMMIT.
 * One request is in flight at a time: many writers queued at once inside sqld stall its write lock.
 * The rows the movements only append (append-rows.ts) are written after them, one statement per table for the
 * whole group, and then no movement needs a savepoint: if any statement fails, nothing is committed and the group
 * goes again unjoined, each movement in its savepoint with its rows.
 */
export function createRemoteCommit(remote: Remote, opts: GroupCommitOptions = {}): Commit {
  let queue: Pending[] = [];
  let inFlight = false;
  // One request at a time, so one stream (and one sqld connection) serves them all.
  const wire = keptStream(remote);

  // Movements in the group last answered: with those queued, what is moving through this instance now.
  let answered = 0;
  // Requests still to go without joined rows, after a group had a failure.
  let unjoined = 0;
  /**
   * Half of what is moving, so sqld writes one half while this instance answers the other and reads the next
   * checks: one group of everything would leave sqld idle for that time. Small loads go whole.
   */
  const groupSize = () => {
    const half = Math.max(MIN_SPLIT, Math.ceil((queue.length + answered) / 2));
    // Fewer than MIN_SPLIT left behind would pay a whole request and commit for themselves: they go now.
    return Math.min(MAX_GROUP, queue.length - half < MIN_SPLIT ? queue.length : half);
  };

  async function drain() {
    await gather();
    while (queue.length) {
      let group = queue.splice(0, opts.grouping === false ? 1 : groupSize());
      // SQLITE_BUSY (another instance holds the write lock past sqld's busy timeout) is retried with a bounded backoff.
      let renewed = false;
      for (let attempt = 0; group.length; ) {
        try {
          const sent = group;
          const join = unjoined === 0;
          if (unjoined > 0) unjoined--;
          group = await commitGroup(group, join);
          // The group had a failure and goes again without joined rows, and so does the next group: a stream of
          // failing movements costs at most one extra request for every two groups.
          if (group === sent) unjoined = 2;
        } catch (e) {
          const error = asLibsql(e);
          if (isBusy(error) && (await busyRetry(attempt++))) continue;
          // A stream sqld no longer knows ran nothing of the request: once more, on a new stream.
          if (streamGone(e) && !renewed) {
            renewed = true;
            continue;
          }
          for (const p of group) p.reject(error);
          group = [];
        }
      }
    }
    // Nothing is moving any more: the next group after a pause is split by what queues alone.
    answered = 0;
    inFlight = false;
  }

  /**
   * One request; returns the movements to send again (an error ended the transaction after they ran, or the group's
   * joined rows could not be written), the same array when all go again unjoined. Throws when BEGIN or COMMIT failed.
   */
  async function commitGroup(group: Pending[], join: boolean): Promise<Pending[]> {
    const version = await remote.version();
    const batch = wire.take().batch(false);
    const steps: Step[] = [];
    const settled: Promise<unknown>[] = [];
    const add = (sql: InStatement, ...conds: hrana.BatchCond[]) => {
      const b = batch.step();
      for (const c of conds) b.condition(c);
      const s: Step = { ok: false, skipped: false };
      steps.push(s);
      settled.push(b.query(toHrana(sql)).then((r) => (r ? ((s.ok = true), (s.result = r)) : (s.skipped = true)), (e) => (s.error = e)));
      return { b, i: steps.length - 1 };
    };
    const ok = (x: { b: hrana.BatchStep }) => hrana.BatchCond.ok(x.b);
    const not = hrana.BatchCond.not;
    const begin = add('BEGIN IMMEDIATE');
    const inTx = version >= 3 ? [not(hrana.BatchCond.isAutocommit(batch))] : [];
    let ready = ok(begin);
    // Per movement: where each of its statements' results is (a step, or rows joined at the end), and unjoined,
    // its RELEASE and the RELEASE after undoing it.
    const marks: { at: (number | AppendRows)[]; release: number; rolledBack: number }[] = [];
    if (join) {
      // A failure anywhere sends the whole group again unjoined, so no movement needs a savepoint here: each
      // statement runs only if the one before it succeeded, the joined rows and COMMIT only if all did.
      const appended: AppendRows[] = [];
      for (const p of group) {
        const later = appendedTail(p.stmts);
        const at = p.stmts.map((s, k) => {
          if (k >= later) return appended.push(s as AppendRows), s as AppendRows;
          const step = add(s, ready, ...inTx);
          ready = ok(step);
          return step.i;
        });
        marks.push({ at, release: -1, rolledBack: -1 });
      }
      for (const s of joinAppendRows(appended)) ready = ok(add(s, ready, ...inTx));
    } else {
      for (const p of group) {
        const sp = add('SAVEPOINT movement', ready, ...inTx);
        let last = sp;
        const at = p.stmts.map((s) => (last = add(s, ok(last), ...inTx)).i);
        const release = add('RELEASE movement', ok(last), ...inTx);
        const rollback = add('ROLLBACK TO movement', ok(sp), not(ok(last)), ...inTx);
        const released = add('RELEASE movement', ok(rollback));
        marks.push({ at, release: release.i, rolledBack: released.i });
        ready = hrana.BatchCond.or(batch, [ok(release), ok(released)]);
      }
    }
    const commit = add('COMMIT', ready, ...inTx);
    batch.step().condition(not(ok(commit))).run('ROLLBACK').catch(() => {});
    try {
      await batch.execute();
      wire.done(false);
    } catch (e) {
      wire.done(true);
      throw e;
    }
    await Promise.all(settled);

    if (!steps[begin.i]!.ok) throw steps[begin.i]!.error ?? new LibsqlError('BEGIN was not executed', 'UNKNOWN');
    const results = (m: (typeof marks)[number]) => m.at.map((x) => (typeof x === 'number' ? toResultSet(steps[x]!.result!) : appendedResult(x)));
    if (join) {
      const c = steps[commit.i]!;
      if (c.skipped) {
        // A statement failed (a movement broke a rule, or a joined row did) and nothing was committed. The first
        // movement's failure was decided on committed money alone: it is its answer, and the rest go again as they
        // were. A later one's was decided after movements that were not committed: the group goes again unjoined,
        // where each movement is undone alone and the others commit with it.
        const first = marks[0]!.at.findIndex((x) => typeof x === 'number' && steps[x]!.error !== undefined);
        if (first < 0) return group;
        group[0]!.reject(batchError(steps[marks[0]!.at[first] as number]!.error, first));
        // The rest go the old way, so that however many of them fail, one more request answers them all.
        if (group.length > 1) unjoined = Math.max(unjoined, 1);
        return group.slice(1);
      }
      if (!c.ok) throw c.error ?? new LibsqlError('COMMIT was not executed', 'UNKNOWN');
      opts.onCommit?.(group.length);
      answered = group.length;
      group.forEach((p, i) => p.resolve(results(marks[i]!)));
      return [];
    }
    let kept: { p: Pending; results: ResultSet[] }[] = [];
    const failed: { p: Pending; error: unknown }[] = [];
    let again: Pending[] = [];
    for (let i = 0; i < group.length; i++) {
      const p = group[i]!;
      const m = marks[i]!;
      const own = m.at.map((k) => steps[k as number]!);
      if (steps[m.release]!.ok) {
        kept.push({ p, results: results(m) });
        continue;
      }
      const at = own.findIndex((s) => !s.ok);
      failed.push({ p, error: at >= 0 && own[at]!.error ? batchError(own[at]!.error, at) : new LibsqlError('movement was not executed', 'UNKNOWN') });
      if (!steps[m.rolledBack]!.ok) {
        // The error ended the whole transaction: the movements before this one did nothing wrong and go again.
        again = [...kept.map((k) => k.p), ...group.slice(i + 1)];
        kept = [];
        break;
      }
    }
    if (kept.length) {
      if (!steps[commit.i]!.ok) throw steps[commit.i]!.error ?? new LibsqlError('COMMIT was not executed', 'UNKNOWN');
      opts.onCommit?.(kept.length);
    }
    answered = group.length;
    for (const k of kept) k.p.resolve(k.results);
    for (const f of failed) f.p.reject(f.error);
    return again;
  }

  return (stmts) =>
    new Promise<ResultSet[]>((resolve, reject) => {
      queue.push({ stmts, resolve, reject });
      if (!inFlight) {
        inFlight = true;
        // Movements of the next millisecond leave together (GATHER_MS); later ones wait for the request in flight.
        void drain();
      }
    });
}

/** Where a movement's trailing run of rows to append begins (its length if none): only those can wait for the end. */
function appendedTail(stmts: InStatement[]): number {
  let k = stmts.length;
  while (k > 0 && isAppendRows(stmts[k - 1]!)) k--;
  return k;
}

/** What the movement's own statement would have answered: its rows added, nothing returned. */
const appendedResult = (s: AppendRows): ResultSet => new ResultSetImpl([], [], [], rowCount(s), undefined);

/** The error a `batch` of the same statements would have thrown: a LibsqlBatchError naming the statement. */
function batchError(e: unknown, index: number): unknown {
  const l = asLibsql(e);
  if (!(l instanceof LibsqlError)) return l;
  return new LibsqlBatchError(l.message, index, l.code, l.extendedCode, l.rawCode, l.cause instanceof Error ? l.cause : undefined);
}
