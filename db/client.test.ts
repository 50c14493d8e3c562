import { expect, test } from 'bun:test';
import { chmodSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from './client';

test('a new embedded database, its folder and its WAL are readable by their owner only, whatever the umask', async () => {
  const old = process.umask(0o022);
  try {
    const dir = join(mkdtempSync(join(tmpdir(), 'coinreel-mode-')), 'data');
    const file = join(dir, 'coinreel.db');
    const { client } = openDatabase(`file:${file}`);
    await client.execute('PRAGMA journal_mode = WAL');
    await client.execute('CREATE TABLE t (x)');
    await client.execute('INSERT INTO t VALUES (1)');
    expect([statSync(dir).mode & 0o777, statSync(file).mode & 0o777, statSync(`${file}-wal`).mode & 0o777]).toEqual([0o700, 0o600, 0o600]);
    client.close();
    // An existing file keeps what its owner chose.
    const kept = join(dir, 'kept.db');
    writeFileSync(kept, '');
    chmodSync(kept, 0o640);
    openDatabase(`file:${kept}`).client.close();
    expect(statSync(kept).mode & 0o777).toBe(0o640);
  } finally {
    process.umask(old);
  }
});
