import { describe, expect, test } from 'bun:test';
import { createClient } from '@libsql/client';
import { appendRows, isAppendRows, joinAppendRows, rowCount } from './append-rows';

const note = (...ids: string[]) =>
  appendRows({ sql: `INSERT INTO n (id, v) VALUES ${ids.map(() => '(?, ?)').join(', ')}`, args: ids.flatMap((id) => [id, id.toUpperCase()]) });

describe('rows to append', () => {
  test('only a plain insert of positional values can be marked', () => {
    expect(isAppendRows(note('a', 'b'))).toBe(true);
    expect(isAppendRows({ sql: 'INSERT INTO n (id, v) VALUES (?, ?)', args: ['a', 'A'] })).toBe(false);
    expect(isAppendRows('INSERT INTO n (id, v) VALUES (1, 2)')).toBe(false);
    const refused = [
      { sql: 'INSERT INTO n (id, v) VALUES (?1, ?2)', args: ['a', 'A'] },
      { sql: 'INSERT INTO n (id, v) VALUES (?, ?) RETURNING id', args: ['a', 'A'] },
      { sql: 'INSERT INTO n (id, v) SELECT ?, ? WHERE changes() = 1', args: ['a', 'A'] },
      { sql: 'INSERT OR IGNORE INTO n (id, v) VALUES (?, ?)', args: ['a', 'A'] },
      { sql: "INSERT INTO n (id, v) VALUES (?, 'x')", args: ['a'] },
      { sql: 'INSERT INTO n (id, v) VALUES (?, ?)', args: ['a'] },
      // More values than places: joined, they would shift every later movement's rows.
      { sql: 'INSERT INTO n (id, v) VALUES (?, ?)', args: ['a', 'A', 'b'] },
      // Joining keeps only the INSERT: whatever came before it would be lost.
      { sql: 'WITH x AS (SELECT 1) INSERT INTO n (id, v) VALUES (?, ?)', args: ['a', 'A'] },
      { sql: 'UPDATE n SET v = ? WHERE id = ?', args: ['a', 'A'] },
    ];
    for (const s of refused) expect(() => appendRows(s)).toThrow('not rows to append');
  });

  test('statements of one table and columns join in order; other columns or tables stay apart', () => {
    const joined = joinAppendRows([
      note('a'),
      appendRows({ sql: 'INSERT INTO m (id) VALUES (?)', args: ['x'] }),
      note('b', 'c'),
      appendRows({ sql: 'INSERT INTO n (id) VALUES (?)', args: ['y'] }),
    ]);
    expect(joined).toEqual([
      { sql: 'INSERT INTO n (id, v) VALUES (?, ?), (?, ?), (?, ?)', args: ['a', 'A', 'b', 'B', 'c', 'C'] },
      { sql: 'INSERT INTO m (id) VALUES (?)', args: ['x'] },
      { sql: 'INSERT INTO n (id) VALUES (?)', args: ['y'] },
    ]);
    expect([rowCount(note('a')), rowCount(note('a', 'b', 'c'))]).toEqual([1, 3]);
  });

  test('a join that would pass the parameter limit is split, and every row is written once', async () => {
    // 16,000 two-parameter statements: 32,000 parameters, more than one statement may carry.
    const ids = Array.from({ length: 16_000 }, (_, i) => `id${i}`);
    const joined = joinAppendRows(ids.map((id) => note(id)));
    expect(joined).toHaveLength(2);
    expect(joined.every((s) => s.args.length <= 30_000)).toBe(true);
    const db = createClient({ url: ':memory:' });
    await db.execute('CREATE TABLE n (id TEXT PRIMARY KEY, v TEXT)');
    await db.batch(joined, 'write');
    const r = await db.execute('SELECT count(*) AS n, min(v) AS lo, max(id) AS hi FROM n');
    expect({ ...r.rows[0] } as Record<string, unknown>).toEqual({ n: 16_000, lo: 'ID0', hi: 'id9999' });
    db.close();
  });
});
