// The root's value equals what the ledger owes at one instant, even while money moves: another process transfers
// between players and deposits while the snapshot is read page by page (held open between pages on purpose).
import { describe, expect, test } from 'bun:test';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { makeApp } from '../../../tests/helpers/app';
import { fund } from '../../../tests/helpers/money';
import { createPlayer } from '../../../tests/helpers/players';
import { checkSnapshot } from '../../shared/solvency/check';
import { readNonce } from '../../shared/solvency/scheme';
import { readSnapshot } from '../../shared/solvency/snapshot-reader';
import { verifyLedger } from '../ledger/ledger-verify';
import { createSolvencyService } from './solvency-service';

const MOVER = join(import.meta.dir, '../../../tests/helpers/solvency-mover.ts');
const PLAYERS = 30;
const START = 10_000_000; // $100,000 each
const BIG = 1_000_000; // a transfer moves $10,000: any page read at another instant is off by a multiple of it

describe('a snapshot taken while money moves', () => {
  test('its root value is the ledger total of one instant: the transfers between players in flight change nothing, deposits count whole', async () => {
    const app = await makeApp();
    const players = [];
    for (let i = 0; i < PLAYERS; i++) players.push(await createPlayer(app));
    for (const p of players) await fund(app, p.userId, START);
    const flags = app.dir;
    const mover = Bun.spawn([process.execPath, MOVER, app.config.DATABASE_URL, players.map((p) => p.userId).join(','), flags, String(BIG)], { stdout: 'pipe', stderr: 'pipe' });
    while (!existsSync(join(flags, 'mover-ready'))) await Bun.sleep(5);

    let firstPage = 0;
    let lastPage = 0;
    const solvency = createSolvencyService({
      client: app.deps.database.client, url: app.config.DATABASE_URL, payments: app.deps.payments, logger: app.deps.logger, now: Date.now,
      // Three players a page, and a pause after each: the read stays open across many of the mover's commits.
      pageSize: 3,
      betweenPages: async () => {
        firstPage ||= Date.now();
        await Bun.sleep(40);
        lastPage = Date.now();
      },
    }, 'off');
    writeFileSync(join(flags, 'go'), '');
    await Bun.sleep(100);
    // The mover stops however the snapshot ends: a failed publish must not leave it running after the test.
    let s: Awaited<ReturnType<typeof solvency.publish>>;
    try {
      s = await solvency.publish();
    } catch (e) {
      mover.kill();
      throw e;
    } finally {
      writeFileSync(join(flags, 'stop'), '');
    }
    const [code, out, err] = await Promise.all([mover.exited, new Response(mover.stdout).text(), new Response(mover.stderr).text()]);
    expect({ code, err: err.slice(0, 500) }).toEqual({ code: 0, err: '' });
    const moved = JSON.parse(out) as { transfers: number; deposits: number; at: number[] };

    // The money really moved while the snapshot was being read.
    expect(moved.at.filter((t) => t > firstPage && t < lastPage).length).toBeGreaterThan(20);
    // Transfers between players leave the total alone; only deposits (a cent each) may have been counted, a prefix of them.
    const gained = s.rootCents - PLAYERS * START;
    expect(gained).toBeGreaterThanOrEqual(0);
    expect(gained).toBeLessThanOrEqual(moved.deposits);
    expect(gained).toBeLessThan(BIG / 2);

    // And the file checks out for the players, each balance as of that same instant.
    const chunks = await app.deps.database.client.execute({ sql: 'SELECT data FROM solvency_chunks WHERE snapshot_id = ? ORDER BY n', args: [s.id] });
    const text = gunzipSync(Buffer.concat(chunks.rows.map((r) => Buffer.from(r.data as ArrayBuffer)))).toString();
    let sum = 0;
    for (const p of players) {
      const nonce = (await app.deps.solvency.forPlayer(p.userId))!.accountNonce;
      const r = await checkSnapshot(readSnapshot(text), readNonce(nonce)!);
      if (!r.ok) throw new Error(r.message);
      sum += r.liabilityCents;
    }
    expect(sum).toBe(s.rootCents);
    expect((await verifyLedger(app.deps.database.client)).ok).toBe(true);
  }, 60_000);
});
