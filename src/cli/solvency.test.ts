// The proof of liabilities from the command line: `coinreel solvency publish` against a site's database, and the
// two verifiers an outsider can run on a saved file (the binary's `solvency verify` and the standalone script).
import { beforeAll, describe, expect, test } from 'bun:test';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { makeApp, type TestApp } from '../../tests/helpers/app';
import { runCommand } from '../../tests/helpers/cli';
import { fund } from '../../tests/helpers/money';
import { createPlayer, type TestPlayer } from '../../tests/helpers/players';

const root = resolve(import.meta.dir, '../..');
let app: TestApp;
let players: TestPlayer[];
let file: string;
let id: string;

const nonceOf = async (p: TestPlayer) => (await app.deps.solvency.forPlayer(p.userId))!.accountNonce;

/** `coinreel solvency verify …` as the binary runs it, needing no database or settings. */
function verifyWithBinary(args: string[]) {
  const r = Bun.spawnSync([process.execPath, 'src/main.ts', 'solvency', 'verify', ...args], { cwd: root, env: { PATH: process.env.PATH!, LOG_LEVEL: 'silent' } });
  return { code: r.exitCode, out: r.stdout.toString(), err: r.stderr.toString() };
}

/** The standalone script, under Node.js as an outsider would run it. */
function verifyWithScript(args: string[]) {
  const r = Bun.spawnSync(['node', 'scripts/solvency-verify.mjs', ...args], { cwd: root, env: { PATH: process.env.PATH! } });
  return { code: r.exitCode, out: r.stdout.toString(), err: r.stderr.toString() };
}

beforeAll(async () => {
  app = await makeApp();
  players = [await createPlayer(app), await createPlayer(app), await createPlayer(app)];
  await fund(app, players[0]!.userId, 250_00);
  await fund(app, players[1]!.userId, 1_234_567_89);
  const r = runCommand(app, 'solvency-publish', []);
  expect(r).toMatchObject({ code: 0, err: '' });
  id = /^snapshot (\S+)/.exec(r.out)![1]!;
  expect(r.out).toContain('total    $1,234,817.89 owed to 3 players');
  expect(r.out).toContain('notified 3 players');
  const s = (await app.deps.solvency.find(id))!;
  expect(r.out).toContain(`root     ${s.rootDigest}`);
  const chunks = await app.deps.database.client.execute({ sql: 'SELECT data FROM solvency_chunks WHERE snapshot_id = ? ORDER BY n', args: [id] });
  file = join(app.dir, `${id}.json`);
  writeFileSync(file, gunzipSync(Buffer.concat(chunks.rows.map((x) => Buffer.from(x.data as ArrayBuffer)))));
});

describe('coinreel solvency publish', () => {
  test('--json prints the whole record; --id names it; a taken id or no database is one line', async () => {
    const r = runCommand(app, 'solvency-publish', ['--id', 'by-hand-1', '--json']);
    expect(r.code).toBe(0);
    const o = JSON.parse(r.out);
    expect(o).toMatchObject({ id: 'by-hand-1', rootCents: 1_234_817_89, players: 3, notices: 3, timingsMs: { read: expect.any(Number), file: expect.any(Number) } });
    const again = runCommand(app, 'solvency-publish', ['--id', 'by-hand-1']);
    expect(again).toMatchObject({ code: 1, out: '' });
    expect(again.err.trim()).toBe('coinreel solvency publish: snapshot id by-hand-1 is taken');
    expect(runCommand(app, 'solvency-publish', ['--id', 'no spaces'])).toMatchObject({ code: 2 });
    expect(runCommand(app, 'solvency-publish', [], { DATABASE_URL: `file:${join(app.dir, 'missing.db')}` })).toMatchObject({ code: 2 });
  });
});

describe.each([['coinreel solvency verify', verifyWithBinary], ['scripts/solvency-verify.mjs', verifyWithScript]])('%s', (_name, verify) => {
  test("finds each player's balance in the total", async () => {
    for (const [p, shown] of [[players[0]!, '$250.00'], [players[1]!, '$1,234,567.89'], [players[2]!, '$0.00']] as const) {
      const r = verify([file, '--nonce', await nonceOf(p)]);
      expect({ code: r.code, err: r.err }).toEqual({ code: 0, err: '' });
      expect(r.out).toMatch(new RegExp(`OK  Your \\${shown} on .* is included in the total of \\$1,234,817\\.89`));
    }
  });

  test('a nonce that is not in it fails at the leaves; a tampered file fails at the tree', async () => {
    const wrong = verify([file, '--nonce', 'ab'.repeat(32)]);
    expect(wrong.code).toBe(1);
    expect(wrong.out).toContain('FAILED at step leaves');
    const o = JSON.parse(await Bun.file(file).text());
    o.leaves[0][1] += 1;
    const tampered = join(app.dir, 'tampered.json');
    writeFileSync(tampered, JSON.stringify(o));
    const r = verify([tampered, '--nonce', await nonceOf(players[0]!)]);
    // One cent more on the first leaf: whoever's it is, the root no longer matches (or the leaf is no longer theirs).
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/FAILED at step (tree|leaves)/);
    const other = JSON.parse(await Bun.file(file).text());
    other.version = 'something-else';
    writeFileSync(tampered, JSON.stringify(other));
    expect(verify([tampered, '--nonce', await nonceOf(players[0]!)]).out).toContain('FAILED at step format');
  });

  test('bad input: exit 2 and a line saying what', () => {
    expect(verify([file, '--nonce', 'xyz']).code).toBe(2);
    expect(verify(['--nonce', 'ab'.repeat(32)]).code).toBe(2);
  });
});
