import { describe, expect, test } from 'bun:test';
import { call, makeApp } from '../../tests/helpers/app';
import { fund } from '../../tests/helpers/money';
import { createPlayer } from '../../tests/helpers/players';
import { createStorageFaults, FAULT_WINDOW_MS } from './storage-faults';
import { createLogger } from './logger';

describe('a database that cannot write', () => {
  test('a full database: a 503 that says so, readiness down, one log line, and back once it can write', async () => {
    const app = await makeApp();
    const [alice, bob] = [await createPlayer(app), await createPlayer(app)];
    await fund(app, alice.userId, 10_000);
    const lines: string[] = [];
    const error = app.deps.logger.error;
    app.deps.logger.error = (msg: string, fields?: Record<string, unknown>) => void lines.push(JSON.stringify({ msg, ...fields }));
    const client = app.deps.database.client;
    // The file may grow no more, and its free pages are taken: every write that needs a page fails as on a full disk.
    await client.execute('CREATE TABLE filler (b BLOB)');
    const pages = Number((await client.execute('PRAGMA page_count')).rows[0]![0]);
    await client.execute(`PRAGMA max_page_count = ${pages}`);
    for (let size = 4000; size >= 50; size = Math.floor(size / 2))
      for (;;) {
        try {
          await client.execute(`INSERT INTO filler VALUES (zeroblob(${size}))`);
        } catch {
          break;
        }
      }
    const answers: Awaited<ReturnType<typeof call>>[] = [];
    for (let i = 0; i < 100 && !answers.some((a) => a.status === 503); i++)
      answers.push(await call(app, 'POST', '/api/v1/transfer/p2p-transfer', { email: bob.email, amount: 1 }, { token: alice.token }));
    for (let i = 0; i < 3; i++) answers.push(await call(app, 'POST', '/api/v1/transfer/p2p-transfer', { email: bob.email, amount: 1 }, { token: alice.token }));
    app.deps.logger.error = error;
    const full = answers.filter((a) => a.status === 503);
    expect(full.length).toBeGreaterThan(0);
    expect(full[0]!.json).toMatchObject({ success: false, errorType: 'STORAGE_UNAVAILABLE', message: 'The site cannot save anything right now. Please try again in a few minutes.' });
    expect(answers.filter((a) => a.status >= 500 && a.status !== 503)).toEqual([]);
    expect(lines.filter((l) => l.includes('database cannot write'))).toHaveLength(1);
    expect(lines.filter((l) => l.includes('"unhandled"'))).toEqual([]);
    const ready = await call(app, 'GET', '/readyz');
    expect([ready.status, ready.json.checks.database, ready.json.down]).toEqual([503, 'not writable', ['database']]);
    await client.execute('PRAGMA max_page_count = 1073741823');
    await client.execute('DROP TABLE filler');
    expect((await call(app, 'POST', '/api/v1/transfer/p2p-transfer', { email: bob.email, amount: 1 }, { token: alice.token })).status).toBe(200);
  });

  test('readiness comes back half a minute after the last refused write; the log says once a minute how many', () => {
    let t = 1_000_000;
    const lines: Record<string, unknown>[] = [];
    const faults = createStorageFaults(createLogger(false, (l) => lines.push(JSON.parse(l))), () => t);
    const full = Object.assign(new Error('SQLITE_FULL: database or disk is full'), { code: 'SQLITE_FULL' });
    expect(faults.note(new Error('something else'))).toBe(false);
    expect(faults.failing()).toBe(false);
    for (let i = 0; i < 100; i++) faults.note(full), (t += 100);
    expect(faults.failing()).toBe(true);
    expect(lines.map((l) => [l.code, l.failures])).toEqual([['SQLITE_FULL', 1]]);
    t += 60_000;
    faults.note(full);
    expect(lines.map((l) => l.failures)).toEqual([1, 100]);
    t += FAULT_WINDOW_MS;
    expect(faults.failing()).toBe(false);
  });
});
