import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createClient, type Client } from '@libsql/client';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { seedPlayers, type BenchPlayer } from '../bench/lib/players';
import { createLedger } from '../src/services/ledger/ledger';
import { systemId, walletId } from '../src/services/ledger/ledger.types';
import { startServer, type ServerProcess } from './helpers/server-process';
import { sqldPath, startSqld, type SqldServer } from './helpers/sqld';

const root = resolve(import.meta.dir, '..');
const SECRET = 'libsql-server-secret-libsql-server-secret';

/**
 * The app on a libSQL server (`DATABASE_URL=http://…`), as several instances run it: migrations with their triggers
 * apply over the network, money moves through the Hrana group commit (tests/sqld-requests.test.ts counts its
 * requests), and ledger:verify reads the server clean. A bare @libsql/client (not opened by openDatabase) still
 * writes one movement a request, one at a time, which the two ledger tests below hold it to.
 */
describe.skipIf(!sqldPath)('the app against a libSQL server (sqld)', () => {
  let sqld: SqldServer;
  let app: ServerProcess;
  let client: Client;
  let dir: string;

  beforeAll(async () => {
    sqld = await startSqld();
    dir = mkdtempSync(join(tmpdir(), 'coinreel-libsql-server-'));
    app = await startServer({ DATABASE_URL: sqld.url, DATA_DIR: dir, JWT_SECRET: SECRET });
    client = createClient({ url: sqld.url });
  });
  afterAll(async () => {
    client?.close();
    await app?.kill();
    await sqld?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const balance = async (p: BenchPlayer) => (await (await fetch(app.url + '/api/v1/user/wallet-balance', { headers: { authorization: `Bearer ${p.token}` } })).json()).walletAmount;
  const p2p = (from: BenchPlayer, to: BenchPlayer, amount: number) =>
    fetch(app.url + '/api/v1/transfer/p2p-transfer', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${from.token}` }, body: JSON.stringify({ email: to.email, amount }) });

  test('migrations apply on the server, the ledger triggers included', async () => {
    const triggers = (await client.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")).rows.map((r) => String(r.name));
    expect(triggers).toContain('entries_no_update');
    expect(triggers).toContain('transfers_settle_only');
    const [p] = await seedPlayers(sqld.url, SECRET, 1, 500);
    await expect(client.execute({ sql: 'UPDATE entries SET amount_cents = 1 WHERE account_id = ?', args: [walletId(p!.id)] })).rejects.toThrow('ledger entries are immutable');
  });

  test('each movement is its own commit on a remote client, and concurrent ones all land', async () => {
    const commits: number[] = [];
    const ledger = createLedger(client, { onCommit: (n) => commits.push(n) });
    const [p] = await seedPlayers(sqld.url, SECRET, 1);
    await Promise.all(Array.from({ length: 8 }, () => ledger.transfer({ debit: systemId('bitcoin_deposits'), credit: walletId(p!.id), amountCents: 25, code: 'DEPOSIT' })));
    expect(commits).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    expect(await balance(p!)).toBe(2);
  });

  test("an instance sends its movements to the server one at a time, and a refused one does not hold up the next", async () => {
    // The same client, counting the write batches in flight at once.
    let inFlight = 0;
    let most = 0;
    const counting = new Proxy(client, {
      get(target, key) {
        if (key !== 'batch') return Reflect.get(target, key, target);
        return async (...args: Parameters<Client['batch']>) => {
          most = Math.max(most, ++inFlight);
          try {
            return await target.batch(...args);
          } finally {
            inFlight--;
          }
        };
      },
    });
    const ledger = createLedger(counting);
    const [p, q] = await seedPlayers(sqld.url, SECRET, 2, 100);
    const moves = Array.from({ length: 10 }, (_, i) => ledger.transfer({ debit: walletId(p!.id), credit: walletId(q!.id), amountCents: i === 3 ? 1_000 : 10, code: 'P2P' }));
    const settled = await Promise.allSettled(moves);
    expect(most).toBe(1);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect([await balance(p!), await balance(q!)]).toEqual([0.1, 1.9]);
  });

  test('a P2P transfer through the API moves the money, an overdraft is refused, and ledger:verify is clean', async () => {
    const [from, to] = await seedPlayers(sqld.url, SECRET, 2, 10_000);
    const sent = await p2p(from!, to!, 12.34);
    expect(sent.status).toBe(200);
    expect((await sent.json()).walletAmount).toBe(87.66);
    expect(await balance(to!)).toBe(112.34);

    const over = await p2p(from!, to!, 500);
    expect(over.status).toBe(409);
    expect((await over.json()).errorType).toBe('INSUFFICIENT_FUNDS');
    expect([await balance(from!), await balance(to!)]).toEqual([87.66, 112.34]);

    const verify = Bun.spawnSync([process.execPath, 'scripts/ledger-verify.ts'], { cwd: root, env: { ...process.env, DATABASE_URL: sqld.url } });
    const out = verify.stdout.toString();
    expect(out).toContain('ledger verified');
    expect(out).not.toContain('FAIL');
    expect(verify.exitCode).toBe(0);
  });
});
