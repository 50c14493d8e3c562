import { createClient } from '@libsql/client';
import { describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { makeApp } from '../../tests/helpers/app';
import { MissingDatabaseError, openExistingDatabase, shownUrl } from './existing-database';

const root = resolve(import.meta.dir, '../..');
const run = (script: string, args: string[], env: Record<string, string>) => {
  const p = Bun.spawnSync([process.execPath, script, ...args], { cwd: root, env: { ...process.env, NODE_ENV: 'test', ...env } });
  return { code: p.exitCode, out: p.stdout.toString(), err: p.stderr.toString() };
};

describe('operator commands never create a database', () => {
  // Each command with arguments that would otherwise get as far as the database.
  const COMMANDS: [string, string, string[]][] = [
    ['coinreel ledger verify', 'scripts/ledger-verify.ts', []],
    ['coinreel freeplay create', 'scripts/freeplay-create.ts', ['--operator', 'boss@example.com', '--amount', '5', '--code', 'WELCOME5']],
    ['coinreel games tasks', 'scripts/games-tasks.ts', []],
    ['coinreel withdrawals', 'scripts/withdrawals.ts', ['list']],
    ['coinreel admin create', 'scripts/admin-create.ts', ['--email', 'boss@example.com', '--password', 'Operator123']],
  ];

  test.each(COMMANDS)('%s refuses a DATABASE_URL with no file, names it, and leaves no file behind', (name, script, args) => {
    const dir = mkdtempSync(join(tmpdir(), 'coinreel-nodb-'));
    const file = join(dir, 'nothing-here', 'coinreel.db');
    const r = run(script, args, { DATABASE_URL: `file:${file}`, DATA_DIR: dir });
    expect(r.code).toBe(2);
    expect(r.err.trim()).toBe(`${name}: no database at ${file} (DATABASE_URL=file:${file}). Start the server once to create it, or set DATABASE_URL to the server's database.`);
    expect(existsSync(file)).toBe(false);
  });

  test.each([...COMMANDS, ['coinreel backup', 'scripts/backup.ts', []] as [string, string, string[]]])('%s names a file that is not a database in one line, and leaves it as it was', (name, script, args) => {
    const dir = mkdtempSync(join(tmpdir(), 'coinreel-notadb-'));
    const file = join(dir, 'coinreel.db');
    const junk = 'not a database '.repeat(500);
    writeFileSync(file, junk);
    const r = run(script, args, { DATABASE_URL: `file:${file}`, DATA_DIR: dir, BACKUP_DIR: join(dir, 'backups') });
    expect(r.code).toBe(1);
    expect(r.out).not.toContain('is not a database');
    expect(r.err.trim()).toBe(name === 'coinreel backup'
      ? `backup failed: Cannot read the database at ${file} (DATABASE_URL=file:${file}): the file is not a database. Point DATABASE_URL at the site's database.`
      : `${name}: cannot read the database at file:${file} (DATABASE_URL): the file is not a database. Point DATABASE_URL at the site's database, or at a backup made by coinreel backup.`);
    expect(readFileSync(file, 'utf8')).toBe(junk);
  });

  test("a database without Coinreel's tables (an empty file, or a fresh libsql:// database) is refused too", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coinreel-emptydb-'));
    const url = `file:${join(dir, 'empty.db')}`;
    const c = createClient({ url });
    await c.execute('CREATE TABLE other (x)');
    c.close();
    const refused = openExistingDatabase('ledger:verify', url);
    await expect(refused).rejects.toThrow(MissingDatabaseError);
    await expect(refused).rejects.toThrow(`ledger:verify: the database has no Coinreel tables yet (DATABASE_URL=${url}).`);
  });

  test("the server's database opens", async () => {
    const app = await makeApp();
    const db = await openExistingDatabase('ledger:verify', app.config.DATABASE_URL);
    expect((await db.client.execute('SELECT count(*) AS n FROM users')).rows[0]!.n).toBe(0);
    db.client.close();
  });

  test('the URL shown never carries credentials or a token in the query', () => {
    expect(shownUrl('libsql://user:secret@db.example.com/x?authToken=abc')).toBe('libsql://db.example.com/x');
    expect(shownUrl('file:data/coinreel.db')).toBe('file:data/coinreel.db');
  });
});
