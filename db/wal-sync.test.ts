import { describe, expect, test } from 'bun:test';
import { fstatSync, statSync } from 'node:fs';
import { createClient } from '@libsql/client';
import { ledgerDb } from '../tests/helpers/ledger-db';
import { rawConnectionOf } from './raw-connection';
import { walSyncOf } from './wal-sync';

describe('WAL sync', () => {
  test('flushes the database’s own -wal file, on a file in WAL mode at synchronous=FULL', async () => {
    const { client, url } = await ledgerDb();
    await client.execute('CREATE TABLE t (a INTEGER)');
    await client.execute('INSERT INTO t VALUES (1)');
    const fds: number[] = [];
    const wal = walSyncOf((await rawConnectionOf(client))!, async (fd) => void fds.push(fd))!;
    await wal.durable();
    await wal.durable();
    const path = url.slice('file:'.length) + '-wal';
    expect(fds.length).toBe(2);
    expect(fstatSync(fds[0]!).ino).toBe(statSync(path).ino);
    // The real fsync resolves on a real file too.
    await walSyncOf((await rawConnectionOf(client))!)!.durable();
    client.close();
  });

  test('none in memory or below synchronous=FULL: SQLite keeps its own fsync at COMMIT, or there is no disk', async () => {
    const memory = createClient({ url: ':memory:' });
    expect(walSyncOf((await rawConnectionOf(memory))!)).toBeNull();
    memory.close();
    const { client } = await ledgerDb();
    await client.execute('PRAGMA synchronous = NORMAL');
    expect(walSyncOf((await rawConnectionOf(client))!)).toBeNull();
    client.close();
  });
});
