import { createClient } from '@libsql/client';
import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLedger } from '../src/services/ledger/ledger';
import { systemId, walletId } from '../src/services/ledger/ledger.types';
import { verifyLedger } from '../src/services/ledger/ledger-verify';
import { createTokenSigner } from '../src/services/auth/tokens';
import { startServer, type ServerProcess } from './helpers/server-process';
import { startSmtpDouble, type SmtpDouble } from './doubles/smtp';

const SECRET = 'crash-test-secret-crash-test-secret-01';
let server: ServerProcess | null = null;
let smtp: SmtpDouble | null = null;
afterAll(async () => {
  await server?.kill('SIGKILL');
  await smtp?.stop();
});

describe('crash safety', () => {
  test('SIGKILL in the middle of P2P load, twice, loses nothing that was answered, not even its e-mail, and breaks no invariant', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coinreel-crash-'));
    // A real SMTP server: the receivers' e-mails are counted where they arrive.
    smtp = await startSmtpDouble();
    const env = { DATABASE_URL: `file:${join(dir, 'c.db')}`, DATA_DIR: dir, JWT_SECRET: SECRET, SMTP_URL: smtp.url };
    server = await startServer(env);
    const client = createClient({ url: env.DATABASE_URL });
    await client.execute('PRAGMA busy_timeout = 5000');
    const ledger = createLedger(client);
    const signer = createTokenSigner(SECRET);
    const players: { id: string; email: string; token: string }[] = [];
    for (let i = 0; i < 8; i++) {
      const id = crypto.randomUUID();
      const email = `crash${i}@example.com`;
      const now = Date.now();
      await client.batch([
        { sql: `INSERT INTO users (id, player_id, email, password_hash, email_verified_at, terms_version_accepted, terms_accepted_at, age_confirmed_at, created_at) VALUES (?, ?, ?, 'x', ?, 3, ?, ?, ?)`, args: [id, 5_000_000 + i, email, now, now, now, now] },
        { sql: 'INSERT INTO sessions (id, user_id, created_at, expires_at, remember) VALUES (?, ?, ?, ?, 0)', args: [id, id, now, now + 3_600_000] },
      ], 'write');
      await ledger.transfer({ debit: systemId('bitcoin_deposits'), credit: walletId(id), amountCents: 50_000, code: 'DEPOSIT' });
      players.push({ id, email, token: await signer.sign({ sid: id }, new Date(now + 3_600_000)) });
    }

    // Eight senders in parallel loops (so the server groups their transfers into shared commits); the server is
    // killed once enough transfers have been answered, restarted on the same file, and the same happens again:
    // the second stream runs on a database recovered from the first kill.
    const answered: string[] = [];
    const streamThenKill = async (atLeast: number) => {
      let stop = false;
      const loop = async (i: number) => {
        const from = players[i]!;
        for (let n = 0; !stop && n < 2_000; n++) {
          const to = players[(i + 1 + (n % 7)) % 8]!;
          try {
            const r = await fetch(server!.url + '/api/v1/transfer/p2p-transfer', {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${from.token}` },
              body: JSON.stringify({ email: to.email, amount: 0.01 * (1 + (n % 50)) }),
            });
            if (r.status === 200) answered.push((await r.json()).transactionId);
          } catch {
            return; // the server is gone
          }
        }
      };
      const loops = players.map((_, i) => loop(i));
      while (answered.length < atLeast) await Bun.sleep(5);
      server!.proc.kill('SIGKILL');
      stop = true;
      await Promise.all(loops);
      await server!.proc.exited;
    };
    await streamThenKill(150);
    server = await startServer(env);
    await streamThenKill(answered.length + 150);

    // Restart on the same database: it must come up, verify, and hold every answered transfer.
    server = await startServer(env);
    const check = createClient({ url: env.DATABASE_URL });
    const report = await verifyLedger(check);
    expect(report.ok).toBe(true);
    const ids = new Set((await check.execute("SELECT transfer_id FROM transactions WHERE type = 'P2P'")).rows.map((r) => String(r.transfer_id)));
    const posted = new Set((await check.execute("SELECT id FROM transfers WHERE code = 'P2P'")).rows.map((r) => String(r.id)));
    expect(answered.filter((id) => !ids.has(id))).toEqual([]);
    expect(answered.filter((id) => !posted.has(id))).toEqual([]);
    expect(answered.length).toBeGreaterThanOrEqual(300);
    const health = await fetch(server.url + '/healthz');
    expect(health.status).toBe(200);

    // Every answered transfer's e-mail reaches the mail server after the restart (rows a killed instance had claimed
    // go out once their lease ends), and each under the Message-ID of its queued row.
    const rows = (await check.execute("SELECT id, json_extract(data, '$.transferId') AS transfer_id FROM mail_queue WHERE kind = 'p2p-received'")).rows;
    const mailOf = new Map(rows.map((r) => [String(r.transfer_id), `<${String(r.id)}@localhost>`]));
    expect(answered.filter((id) => !mailOf.has(id))).toEqual([]);
    expect(mailOf.size).toBe(posted.size);
    const idOf = (raw: string) => /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? '';
    const deadline = Date.now() + 40_000;
    const arrived = () => new Set(smtp!.messages.map((m) => idOf(m.raw)));
    while ([...mailOf.values()].some((id) => !arrived().has(id)) && Date.now() < deadline) await Bun.sleep(100);
    expect([...mailOf.values()].filter((id) => !arrived().has(id))).toEqual([]);
    // None twice once the receiving server drops a repeated Message-ID; a repeat at all is only a mail that was on its
    // way in the moment of a kill (sent, not yet marked), so at most one batch per kill.
    const delivered = smtp.messages.map((m) => idOf(m.raw));
    const known = new Set(mailOf.values());
    expect(delivered.filter((id) => !known.has(id))).toEqual([]);
    expect(delivered.length - arrived().size).toBeLessThanOrEqual(2 * 100);
    const unsent = async () => Number((await check.execute('SELECT count(*) AS n FROM mail_queue WHERE sent_at IS NULL')).rows[0]!.n);
    while ((await unsent()) > 0 && Date.now() < deadline) await Bun.sleep(50);
    expect(await unsent()).toBe(0);
    client.close();
    check.close();
  }, 120_000);
});
