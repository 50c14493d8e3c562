import Database from 'libsql';

const CACHE_MAX = 512;
type Stmt = { columns(): unknown[] };
type Proto = { prepare(sql: string): Stmt; __statementCache?: boolean };

/**
 * @libsql/client prepares every statement anew on each call, and preparing was a quarter of a P2P transfer's
 * CPU time. This keeps a bounded cache of prepared statements per connection (and their column lists, which the
 * client reads twice a call). Reuse is safe: statements run synchronously on one thread and are rebound on each
 * call; the schema only changes through migrations at start-up.
 */
export function enableStatementCache(): void {
  const proto = Database.prototype as unknown as Proto;
  if (proto.__statementCache) return;
  const prepare = proto.prepare;
  proto.prepare = function (this: { __statements?: Map<string, Stmt> }, sql: string): Stmt {
    const cache = (this.__statements ??= new Map());
    const hit = cache.get(sql);
    if (hit) return hit;
    const stmt = prepare.call(this, sql);
    const columns = stmt.columns.bind(stmt);
    let known: unknown[] | undefined;
    stmt.columns = () => (known ??= columns());
    // Oldest first out: a Map keeps insertion order.
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(sql, stmt);
    return stmt;
  };
  proto.__statementCache = true;
}
