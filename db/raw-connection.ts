import type { Client, InStatement, ResultSet, Row } from '@libsql/client';
import { LibsqlError } from '@libsql/client';
import { ResultSetImpl } from '@libsql/core/util';
import Database from 'libsql';

/** The synchronous `libsql` connection under an embedded @libsql/client, as far as the ledger's writer uses it. */
export type RawConnection = {
  readonly open: boolean;
  readonly inTransaction: boolean;
  exec(sql: string): void;
  prepare(sql: string): RawStatement;
};
type RawStatement = {
  raw(on: boolean): unknown;
  safeIntegers(on: boolean): unknown;
  columns(): { name: string; type?: string | null }[];
  all(args: unknown): unknown[][];
  get(args: unknown): unknown[] | undefined;
  run(args: unknown): { changes: number; lastInsertRowid: number | bigint };
};
type Proto = { prepare(sql: string): unknown; __probe?: Map<string, (db: RawConnection) => void> };

let probes = 0;

/**
 * The connection an embedded client's next call runs on (the only one with `concurrency: 1`), or null for a
 * remote client. @libsql/client keeps it private and only offers async calls, with a microtask gap between
 * any two of them; the ledger's group commit needs BEGIN, savepoints and COMMIT to run in one synchronous
 * stretch that nothing else can enter. A uniquely named probe statement is recognised as it is prepared.
 */
export async function rawConnectionOf(client: Client): Promise<RawConnection | null> {
  if (client.protocol !== 'file') return null;
  const proto = Database.prototype as unknown as Proto;
  if (!proto.__probe) {
    const prepare = proto.prepare;
    const waiting = (proto.__probe = new Map());
    proto.prepare = function (this: RawConnection, sql: string) {
      if (waiting.size && waiting.has(sql)) waiting.get(sql)!(this);
      return prepare.call(this, sql);
    };
  }
  const sql = `SELECT ${++probes} AS connection_probe`;
  let found: RawConnection | null = null;
  proto.__probe.set(sql, (db) => (found = db));
  try {
    await client.execute(sql);
  } finally {
    proto.__probe.delete(sql);
  }
  return found;
}

type Prepared = { s: RawStatement; names: string[] | null; types: string[] };

// The writer's own statements, per connection and by text, with their modes set once: on statements shared with
// @libsql/client (db/statement-cache.ts) each call would set them again, which cost as much as a ledger
// statement's SQLite work; a money movement runs eight or more. The texts are few (arguments are bound), so a
// full cache is simply dropped and refilled.
const PREPARED_MAX = 256;
const preparedOf = new WeakMap<RawConnection, Map<string, Prepared>>();

function prepared(db: RawConnection, sql: string): Prepared {
  let cache = preparedOf.get(db);
  if (!cache) preparedOf.set(db, (cache = new Map()));
  let p = cache.get(sql);
  if (p) return p;
  // Its own statement (the comment keeps it apart from @libsql/client's for the same text), so its modes stay set.
  const s = db.prepare(`${sql} -- writer`);
  s.safeIntegers(true);
  let names: string[] | null = null;
  let types: string[] = [];
  try {
    s.raw(true);
    const cols = s.columns();
    names = cols.map((c) => c.name);
    types = cols.map((c) => c.type ?? '');
  } catch {
    // raw() refuses statements that return no rows
  }
  if (cache.size >= PREPARED_MAX) cache.clear();
  p = { s, names, types };
  cache.set(sql, p);
  return p;
}

/** One statement on a raw connection, answered exactly as @libsql/client's local client answers it (intMode number). */
export function runStatement(db: RawConnection, stmt: InStatement): ResultSet {
  const { sql, args } = typeof stmt === 'string' ? { sql: stmt, args: [] } : stmt;
  const bound = Array.isArray(args) ? args.map(toSql) : Object.fromEntries(Object.entries(args ?? {}).map(([k, v]) => [/^[@$:]/.test(k) ? k.slice(1) : k, toSql(v)]));
  try {
    const { s, names, types } = prepared(db, sql);
    if (names === null) {
      const info = s.run(bound);
      return new ResultSetImpl([], [], [], info.changes, BigInt(info.lastInsertRowid));
    }
    const rows = s.all(bound).map((r) => toRow(r, names));
    return new ResultSetImpl(names, types, rows, 0, undefined);
  } catch (e) {
    throw asLibsqlError(e);
  }
}

/** A `libsql` SqliteError in the shape @libsql/client throws it ("SQLITE_CONSTRAINT: CHECK constraint failed: …"). */
export function asLibsqlError(e: unknown): unknown {
  if (!(e instanceof Database.SqliteError)) return e;
  const err = e as Error & { code?: string; rawCode?: number };
  const base = typeof err.code === 'string' ? err.code.split('_').slice(0, 2).join('_') : 'SQLITE_UNKNOWN';
  return new LibsqlError(err.message, base, err.code, err.rawCode, err);
}

function toSql(v: unknown): unknown {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new RangeError('Only finite numbers (not Infinity or NaN) can be passed as arguments');
    return v;
  }
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof ArrayBuffer) return Buffer.from(v);
  if (v instanceof Date) return v.valueOf();
  if (v === undefined) throw new TypeError('undefined cannot be passed as argument to the database');
  return v;
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
function fromSql(v: unknown): unknown {
  if (typeof v === 'bigint') {
    if (v > MAX_SAFE || v < -MAX_SAFE) throw new RangeError('Received integer which cannot be safely represented as a JavaScript number');
    return Number(v);
  }
  if (v instanceof Buffer) return v.buffer;
  return v;
}

function toRow(raw: unknown[], names: string[]): Row {
  const row = {} as Row;
  Object.defineProperty(row, 'length', { value: raw.length });
  for (let i = 0; i < raw.length; i++) {
    const value = fromSql(raw[i]);
    Object.defineProperty(row, i, { value });
    if (!Object.hasOwn(row, names[i]!)) Object.defineProperty(row, names[i]!, { value, enumerable: true, configurable: true, writable: true });
  }
  return row;
}
