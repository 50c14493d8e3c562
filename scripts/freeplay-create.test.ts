import { createClient } from '@libsql/client';
import { describe, expect, test } from 'bun:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dir, '..');

function run(args: string[], dbUrl: string) {
  const p = Bun.spawnSync(['bun', 'scripts/freeplay-create.ts', ...args], { cwd: root, env: { ...process.env, DATABASE_URL: dbUrl, NODE_ENV: 'test' } });
  return { code: p.exitCode, out: p.stdout.toString(), err: p.stderr.toString() };
}

describe('bun run freeplay:create', () => {
  test('makes a named code, or several random ones, that the database then holds', async () => {
    const db = `file:${join(mkdtempSync(join(tmpdir(), 'coinreel-fp-')), 'fp.db')}`;
    const one = run(['--amount', '5', '--cap', '100', '--days', '30', '--code', 'welcome5'], db);
    expect(one.code).toBe(0);
    expect(one.out).toContain('WELCOME5\t$5.00\tcap 100');
    const many = run(['--amount', '2.50', '--count', '3'], db);
    expect(many.code).toBe(0);
    expect(many.out.trim().split('\n')).toHaveLength(3);
    const c = createClient({ url: db });
    const rows = (await c.execute('SELECT code, amount_cents, max_redemptions FROM freeplay_codes ORDER BY code')).rows;
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r.code === 'WELCOME5')).toMatchObject({ amount_cents: 500, max_redemptions: 100 });
    c.close();
  });

  test('bad arguments and a duplicate code exit non-zero with a message', () => {
    const db = `file:${join(mkdtempSync(join(tmpdir(), 'coinreel-fp-')), 'fp.db')}`;
    for (const args of [['--amount', '1.234'], ['--amount', '-5'], [], ['--amount', '5', '--cap', '0'], ['--amount', '5', '--days', 'x'], ['--amount', '5', '--code', 'A', '--count', '2'], ['--amount', '5', '--code', 'no spaces!']]) {
      const r = run(args, db);
      expect(r.code).not.toBe(0);
      expect(r.err.length).toBeGreaterThan(0);
    }
    expect(run(['--amount', '5', '--code', 'TWICE'], db).code).toBe(0);
    const again = run(['--amount', '5', '--code', 'TWICE'], db);
    expect(again.code).not.toBe(0);
    expect(again.err).toContain('That code already exists.');
  });
});
