import type { Client, InStatement, ResultSet } from '@libsql/client';
import { LibsqlError } from '@libsql/client';
import { ResultSetImpl } from '@libsql/core/util';
import * as hrana from '@libsql/hrana-client';

/**
 * A libSQL server (sqld) spends about a millisecond of CPU on every request whatever it holds, so an instance
 * that sent one request per statement was limited by the number of requests, not by the statements. This is
 * the Hrana layer under @libsql/client, kept beside it for two things @libsql/client does not offer: batch
 * steps whose conditions we choose (the ledger's group commit, remote-commit.ts), and single statements that
 * arrive while another request is in flight going together in the next one (`coalesced`).
 */
export type Remote = { hrana: hrana.HttpClient; version: () => Promise<hrana.ProtocolVersion> };

/** A Hrana stream used for one request after another (one at a time), and how the last request on it ended. */
export type KeptStream = {
  /** The stream for the next request: the kept one, or a new one when it ended or sat idle too long. */
  take(): hrana.HttpStream;
  /** The request on the stream is answered: `failed` ends the stream (a new one is opened for the next). */
  done(failed: boolean): void;
  close(): void;
};

// sqld expires a stream 10 s after its last request; a stream idle for half that is replaced rather than risked.
const STREAM_IDLE_MS = 5_000;

/**
 * sqld opens a new SQLite connection for every new Hrana stream (and parses the whole schema on its first
 * statement), which cost it more CPU than the statements of a small request. A caller that sends one request
 * at a time keeps its stream, and so sqld's connection, from one request to the next.
 */
export function keptStream(remote: Remote, now: () => number = performance.now.bind(performance)): KeptStream {
  let stream: hrana.HttpStream | null = null;
  let last = 0;
  const close = () => {
    if (stream && !stream.closed) stream.close();
    stream = null;
  };
  return {
    take() {
      if (!stream || stream.closed || now() - last > STREAM_IDLE_MS) {
        close();
        stream = remote.hrana.openStream();
      }
      return stream;
    },
    done(failed) {
      last = now();
      if (failed) close();
    },
    close,
  };
}

/**
 * Whether sqld refused a request before running any of it because its stream is gone (expired, or the server
 * restarted and no longer knows the baton): sent again on a new stream, it runs once.
 */
export function streamGone(e: unknown): boolean {
  const message = e instanceof Error ? e.message : '';
  return /stream has expired|baton/i.test(message);
}

/**
 * How long a request waits for company when nothing was in flight. sqld's cost per request and per commit is
 * shared by what one request carries; an instance that gets only part of the load (one of several) would
 * otherwise send many small ones. Under steady load a request is always in flight and nothing waits.
 */
export const GATHER_MS = 1;
export const gather = () => new Promise<void>((resolve) => setTimeout(resolve, GATHER_MS));

const remotes = new WeakMap<object, Remote>();

/** The Hrana client beside a remote @libsql/client opened by `openRemote`, or null (embedded, or opened elsewhere). */
export const remoteOf = (client: Client): Remote | null => remotes.get(client) ?? null;

/** The HTTP address Hrana speaks to for a `libsql://`, `https://` or `http://` DATABASE_URL. */
export function httpUrl(url: string): string {
  const u = new URL(url);
  if (u.protocol === 'libsql:' || u.protocol === 'wss:') u.protocol = u.searchParams.get('tls') === '0' ? 'http:' : 'https:';
  else if (u.protocol === 'ws:') u.protocol = 'http:';
  u.searchParams.delete('tls');
  return u.toString();
}

/** Registers the Hrana client beside `client` and makes its `execute` coalescing; returns the wrapped client. */
export function openRemote(client: Client, url: string, authToken?: string): Client {
  const h = hrana.openHttp(httpUrl(url), authToken);
  h.intMode = 'number';
  let version: Promise<hrana.ProtocolVersion> | null = null;
  // Asked once; a failure (the server not reachable yet) is asked again next time rather than kept.
  const remote: Remote = { hrana: h, version: () => (version ??= h.getVersion().catch((e) => ((version = null), Promise.reject(e)))) };
  const execute = coalesced(remote);
  const wrapped = new Proxy(client, {
    get(target, key) {
      if (key === 'execute') return (stmt: InStatement | string, args?: unknown) => execute(typeof stmt === 'string' && args !== undefined ? { sql: stmt, args: args as never } : stmt);
      if (key === 'close') return () => (h.close(), target.close());
      const v = Reflect.get(target, key, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
  remotes.set(wrapped, remote);
  return wrapped;
}

type Waiting = { stmt: InStatement; resolve: (r: ResultSet) => void; reject: (e: unknown) => void };
// A bound on one request's size; the rest goes in the next.
const MAX_READS = 256;

/**
 * `execute` for a remote client: a statement waits while the previous request is in flight, and everything that
 * waited goes in the next request as one Hrana batch of independent steps (no transaction, no conditions: each
 * runs in autocommit exactly as if sent alone, and fails alone). An idle instance sends a statement after GATHER_MS.
 */
function coalesced(remote: Remote): (stmt: InStatement) => Promise<ResultSet> {
  let queue: Waiting[] = [];
  let inFlight = false;
  const kept = keptStream(remote);

  async function send() {
    inFlight = true;
    await gather();
    while (queue.length) {
      const group = queue.splice(0, MAX_READS);
      try {
        let steps = await readBatch(kept, group);
        // A stream sqld no longer knows ran nothing: the same reads once more on a new one.
        if (steps.error && streamGone(steps.error)) steps = await readBatch(kept, group);
        if (steps.error) throw steps.error;
        for (let i = 0; i < group.length; i++) {
          steps.results[i]!.then(
            (r) => (r ? group[i]!.resolve(toResultSet(r)) : group[i]!.reject(new LibsqlError('Statement was not executed', 'UNKNOWN'))),
            (e) => group[i]!.reject(asLibsql(e)),
          );
        }
      } catch (e) {
        for (const w of group) w.reject(asLibsql(e));
      }
    }
    inFlight = false;
  }

  return (stmt) =>
    new Promise<ResultSet>((resolve, reject) => {
      queue.push({ stmt, resolve, reject });
      // The statements of the next millisecond leave together (GATHER_MS).
      if (!inFlight) {
        inFlight = true;
        void send();
      }
    });
}

/** One request of independent steps on the kept stream: each step's own result, or the error that failed the request. */
async function readBatch(kept: KeptStream, group: Waiting[]): Promise<{ results: Promise<hrana.RowsResult | undefined>[]; error?: unknown }> {
  const batch = kept.take().batch(false);
  const results = group.map((w) => batch.step().query(toHrana(w.stmt)));
  for (const r of results) r.catch(() => {});
  try {
    await batch.execute();
    kept.done(false);
    return { results };
  } catch (error) {
    kept.done(true);
    return { results, error };
  }
}

/** A statement in Hrana's shape, bound exactly as @libsql/client binds it (positional or named arguments). */
export function toHrana(stmt: InStatement | [string, unknown[]?]): hrana.InStmt {
  const [sql, args] = typeof stmt === 'string' ? [stmt, undefined] : Array.isArray(stmt) ? stmt : [stmt.sql, stmt.args];
  const out = new hrana.Stmt(sql);
  if (Array.isArray(args)) out.bindIndexes(args as hrana.InValue[]);
  else if (args) for (const [k, v] of Object.entries(args)) out.bindName(k, v as hrana.InValue);
  return out;
}

export function toResultSet(r: hrana.RowsResult): ResultSet {
  return new ResultSetImpl(
    r.columnNames.map((c) => c ?? ''),
    r.columnDecltypes.map((c) => c ?? ''),
    r.rows as never,
    r.affectedRowCount,
    r.lastInsertRowid,
  );
}

/** A Hrana error in the shape @libsql/client throws it (its `code` from the server, "SQLITE_CONSTRAINT…"). */
export function asLibsql(e: unknown): unknown {
  if (!(e instanceof hrana.ClientError)) return e;
  const code = e instanceof hrana.ResponseError && e.code !== undefined ? e.code : e instanceof hrana.HttpServerError ? 'SERVER_ERROR' : 'UNKNOWN';
  return new LibsqlError(e.message, code, undefined, undefined, e);
}
