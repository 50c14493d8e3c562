import type { Client, InValue } from '@libsql/client';
import { asLibsqlError, rawConnectionOf, type RawConnection } from './raw-connection';

/**
 * The first row of a read as plain values in column order, or undefined when there is none. `now` answers
 * without a promise once the embedded connection is known (null: a remote database, only the async call).
 */
export type FirstRow = ((sql: string, args: InValue[]) => Promise<unknown[] | undefined>) & {
  now: ((sql: string, args: InValue[]) => unknown[] | undefined) | null;
};

/**
 * Hot reads (the session lookup of every signed-in request) straight on the embedded connection: a cached
 * prepared statement and one native call, without @libsql/client's per-call toll (a row object built with
 * `defineProperty` per column, BigInt checks), which cost about three times the SQLite work of the lookup
 * (docs/decisions/signed-in-reads.md). A remote database goes through the client as before.
 */
export function createFirstRow(client: Client): FirstRow {
  let finding: Promise<RawConnection | null> | null = null;
  const own = new Map<string, ReturnType<RawConnection['prepare']>>();
  const onRaw = (raw: RawConnection) => (sql: string, args: InValue[]): unknown[] | undefined => {
    try {
      let s = own.get(sql);
      if (!s) {
        // Its own statement (the comment keeps it out of the shared statement cache's entry for the same text),
        // so its modes are set once: toggling them on every call cost as much as a third of the read.
        s = raw.prepare(`${sql} -- first row`);
        s.raw(true);
        s.safeIntegers(false);
        own.set(sql, s);
      }
      return s.get(args) as unknown[] | undefined;
    } catch (e) {
      throw asLibsqlError(e);
    }
  };
  const firstRow: FirstRow = Object.assign(
    async (sql: string, args: InValue[]) => {
      if (firstRow.now) return firstRow.now(sql, args);
      const raw = await (finding ??= rawConnectionOf(client));
      if (raw) return (firstRow.now ??= onRaw(raw))(sql, args);
      const row = (await client.execute({ sql, args })).rows[0];
      return row ? Array.from(row) : undefined;
    },
    { now: null },
  );
  return firstRow;
}

const shared = new WeakMap<Client, FirstRow>();

/** The one FirstRow of a client, for reads on a money call's path (a P2P transfer's checks and its receiver). */
export function firstRowOf(client: Client): FirstRow {
  let f = shared.get(client);
  if (!f) shared.set(client, (f = createFirstRow(client)));
  return f;
}
