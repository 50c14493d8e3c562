import { describe, expect, test } from 'bun:test';
import { createClient } from '@libsql/client';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTokenSigner } from '../src/services/auth/tokens';
import { createLedger } from '../src/services/ledger/ledger';
import { systemId, walletId } from '../src/services/ledger/ledger.types';
import { verifyLedger } from '../src/services/ledger/ledger-verify';
import { startServer } from './helpers/server-process';
import { createPlayer } from './helpers/players';
import type { TestApp } from './helpers/app';

const SECRET = 'shutdown-secret-shutdown-secret-0123';

function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'coinreel-stop-'));
  const url = `file:${join(dir, 's.db')}`;
  return { dir, url, env: { DATABASE_URL: url, DATA_DIR: dir, JWT_SECRET: SECRET } };
}

describe('graceful shutdown', () => {
  test('SIGTERM stops the server cleanly (exit 0) and the database opens again afterwards', async () => {
    const { env } = setup();
    const first = await startServer(env);
    first.proc.kill('SIGTERM');
    expect(await first.proc.exited).toBe(0);
    const second = await startServer(env);
    expect((await fetch(second.url + '/healthz')).status).toBe(200);
    await second.kill();
  });

  test('SIGTERM during a stream of P2P transfers: every one answered 200 is in the ledger, nothing else moved, none half done; sockets get 1012', async () => {
    const { env, url } = setup();
    const server = await startServer(env);
    // Players written straight into the running server's database (it is WAL: both processes may use it).
    const client = createClient({ url });
    await client.execute('PRAGMA busy_timeout = 5000');
    const fake = { deps: { database: { client }, signer: createTokenSigner(SECRET) } } as unknown as TestApp;
    const senders = await Promise.all([1, 2, 3, 4].map(() => createPlayer(fake)));
    const receiver = await createPlayer(fake);
    const ledger = createLedger(client);
    for (const s of senders) await ledger.transfer({ debit: systemId('bitcoin_deposits'), credit: walletId(s.userId), amountCents: 1_000_000, code: 'DEPOSIT' });

    // A signed-in page's socket, to see how it is told to go.
    const ws = new WebSocket(server.url.replace('http', 'ws') + '/ws', { headers: { cookie: `token=${senders[0]!.token}`, origin: server.url } } as unknown as string[]);
    const closed = new Promise<{ code: number; reason: string }>((r) => (ws.onclose = (e) => r({ code: e.code, reason: e.reason })));
    await new Promise((r) => (ws.onmessage = r));

    const answered: { sender: string; transactionId: string }[] = [];
    let failures = 0;
    let other = 0;
    let stop = false;
    let seq = 0;
    const worker = async (s: (typeof senders)[number]) => {
      while (!stop) {
        try {
          const res = await fetch(server.url + '/api/v1/transfer/p2p-transfer', {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${s.token}`, 'idempotency-key': `stop-${s.userId}-${seq++}` },
            body: JSON.stringify({ email: receiver.email, amount: 0.01 }),
          });
          const body = (await res.json().catch(() => null)) as { transactionId?: string } | null;
          if (res.status === 200 && body?.transactionId) answered.push({ sender: s.userId, transactionId: body.transactionId });
          else other++;
        } catch {
          // Refused once the server stopped listening: that request never reached it.
          if (++failures > 20) stop = true;
          await Bun.sleep(5);
        }
      }
    };
    // Three streams per sender overlap, so SIGTERM lands with requests in flight.
    const streams = senders.flatMap((s) => [worker(s), worker(s), worker(s)]);
    const deadline = Date.now() + 20_000;
    while (answered.length < 40 && other === 0 && Date.now() < deadline) await Bun.sleep(5);
    server.proc.kill('SIGTERM');
    const exitCode = await server.proc.exited;
    stop = true;
    await Promise.all(streams);

    expect(exitCode).toBe(0);
    expect(answered.length).toBeGreaterThanOrEqual(40);
    expect(other).toBe(0);
    // Every answered transfer is posted with its two entries; and nothing moved that was not answered.
    for (const a of answered) {
      const row = (await client.execute({ sql: "SELECT status FROM transfers WHERE id = ? AND code = 'P2P'", args: [a.transactionId] })).rows[0];
      expect(row?.status).toBe('posted');
    }
    for (const s of senders) {
      const moved = (await client.execute({ sql: "SELECT count(*) AS n FROM transfers WHERE code = 'P2P' AND debit_account_id = ?", args: [walletId(s.userId)] })).rows[0]!.n;
      expect(Number(moved)).toBe(answered.filter((a) => a.sender === s.userId).length);
      expect((await ledger.balance(walletId(s.userId))).balanceCents).toBe(1_000_000 - Number(moved));
    }
    expect((await ledger.balance(walletId(receiver.userId))).balanceCents).toBe(answered.length);
    expect((await verifyLedger(client)).ok).toBe(true);
    client.close();
    expect(await closed).toEqual({ code: 1012, reason: 'Service Restart' });
  });
});
