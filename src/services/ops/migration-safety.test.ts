import { describe, expect, test } from 'bun:test';
import { createClient } from '@libsql/client';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, pendingMigrations } from '../../../db/migrate';
import { migrations } from '../../../db/migrations';
import { makeApp } from '../../../tests/helpers/app';
import { createLogger } from '../../lib/logger';

// A database as an older version left it: every migration up to the one before 0015 (which drops a table).
async function olderDatabase() {
  const dir = mkdtempSync(join(tmpdir(), 'coinreel-upgrade-'));
  const url = `file:${join(dir, 'coinreel.db')}`;
  const client = createClient({ url });
  const upTo = migrations.findIndex((m) => m.tag.startsWith('0015_'));
  await migrate(client, { list: migrations.slice(0, upTo) });
  client.close();
  return { dir, url };
}

describe('an upgrade whose migrations change tables', () => {
  test('in production: a checked backup beside the database first, then the migrations; the backup metric follows', async () => {
    const { dir, url } = await olderDatabase();
    const lines: string[] = [];
    const app = await makeApp({ NODE_ENV: 'production', DATABASE_URL: url, DATA_DIR: dir }, { logger: createLogger(false, (l) => lines.push(l)) });
    expect(await pendingMigrations(app.deps.database.client)).toEqual([]);
    const copies = readdirSync(dir).filter((f) => f.startsWith('coinreel.db.before-0015_'));
    expect(copies).toHaveLength(1);
    // The copy is the database as it was: the migrations after it are not in it.
    const copy = createClient({ url: `file:${join(dir, copies[0]!)}` });
    expect(await pendingMigrations(copy)).toEqual(migrations.slice(migrations.findIndex((m) => m.tag.startsWith('0015_'))).map((m) => m.tag));
    copy.close();
    expect(lines.map((l) => JSON.parse(l).msg)).toContain('database backed up before migrating');
    expect(app.deps.metrics.registry.render()).toMatch(/^coinreel_last_backup_timestamp_seconds \d{10}$/m);
  });

  test('outside production, or on a fresh database, no copy is made', async () => {
    const older = await olderDatabase();
    await makeApp({ DATABASE_URL: older.url, DATA_DIR: older.dir });
    expect(readdirSync(older.dir).filter((f) => f.includes('.before-'))).toEqual([]);
    const fresh = mkdtempSync(join(tmpdir(), 'coinreel-fresh-'));
    await makeApp({ NODE_ENV: 'production', DATABASE_URL: `file:${join(fresh, 'coinreel.db')}`, DATA_DIR: fresh });
    expect(readdirSync(fresh).filter((f) => f.includes('.before-'))).toEqual([]);
  });
});
