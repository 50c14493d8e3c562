import { describe, expect, test } from 'bun:test';
import { createClient, type Client } from '@libsql/client';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { changesTables, migrate, pendingMigrations } from './migrate';
import { migrations } from './migrations';

const fresh = (): Client => createClient({ url: `file:${join(mkdtempSync(join(tmpdir(), 'coinreel-migrate-')), 'm.db')}` });
const A = { tag: 'a', sql: 'CREATE TABLE t (x INTEGER)' };
const B = { tag: 'b', sql: 'ALTER TABLE t ADD y INTEGER' };
const C = { tag: 'c', sql: 'CREATE TABLE u (x INTEGER);\n--> statement-breakpoint\nCREATE INDEX u_x ON u (x)' };

describe('migrations at start-up', () => {
  test('a fresh database gets every bundled migration; a second run finds nothing pending', async () => {
    const client = fresh();
    expect(await pendingMigrations(client)).toEqual(migrations.map((m) => m.tag));
    expect(await migrate(client)).toBe(migrations.length);
    expect(await pendingMigrations(client)).toEqual([]);
    expect(await migrate(client)).toBe(0);
    expect((await client.execute('SELECT count(*) AS n FROM _migration_lock')).rows[0]!.n).toBe(0);
  });

  test('a lock left by a migrator that died is waited out, then taken over', async () => {
    const client = fresh();
    await migrate(client, { list: [] });
    await client.execute({ sql: 'INSERT INTO _migration_lock (id, holder, expires_at) VALUES (1, ?, ?)', args: ['dead-host:1:x', Date.now() + 300] });
    const waitedFor: string[] = [];
    expect(await migrate(client, { list: [A], pollMs: 20, onWait: (h) => waitedFor.push(h) })).toBe(1);
    expect(waitedFor).toEqual(['dead-host:1:x']);
    expect(await pendingMigrations(client, [A])).toEqual([]);
  });

  test('a lock that is still held is not taken', async () => {
    const client = fresh();
    await migrate(client, { list: [] });
    await client.execute({ sql: 'INSERT INTO _migration_lock (id, holder, expires_at) VALUES (1, ?, ?)', args: ['busy-host:1:x', Date.now() + 60_000] });
    const run = migrate(client, { list: [A], pollMs: 20 });
    await Bun.sleep(200);
    expect(await pendingMigrations(client, [A])).toEqual(['a']);
    // The holder finishes: releases the lock, having applied it.
    await client.execute('DELETE FROM _migration_lock');
    expect(await run).toBe(1);
  });

  test('beforeChange runs before a migration that changes existing tables, not on a fresh database or for additions', async () => {
    const client = fresh();
    const calls: string[][] = [];
    const beforeChange = async (pending: string[]) => void calls.push(pending);
    await migrate(client, { list: [A, B], beforeChange });
    expect(calls).toEqual([]); // fresh: nothing to lose
    await migrate(client, { list: [A, B, C], beforeChange });
    expect(calls).toEqual([]); // only new tables and indexes
    const D = { tag: 'd', sql: 'DROP INDEX u_x' };
    await migrate(client, { list: [A, B, C, D], beforeChange });
    expect(calls).toEqual([['d']]);
  });

  test('a failing beforeChange stops the migration', async () => {
    const client = fresh();
    await migrate(client, { list: [A] });
    await expect(migrate(client, { list: [A, B], beforeChange: async () => { throw new Error('no room for the backup'); } })).rejects.toThrow('no room');
    expect(await pendingMigrations(client, [A, B])).toEqual(['b']);
    expect((await client.execute('SELECT count(*) AS n FROM _migration_lock')).rows[0]!.n).toBe(0);
  });

  test('what counts as changing tables', () => {
    expect(changesTables(A.sql)).toBe(false);
    expect(changesTables(C.sql)).toBe(false);
    expect(changesTables(B.sql)).toBe(true);
    expect(changesTables('DROP TABLE `captchas`;')).toBe(true);
    expect(changesTables("UPDATE `users` SET x = 1;")).toBe(true);
    expect(changesTables('CREATE TRIGGER t_no_update BEFORE UPDATE ON t BEGIN DELETE FROM u; END;')).toBe(false);
    expect(changesTables('-- DROP TABLE t\nCREATE TABLE v (x)')).toBe(false);
  });
});
