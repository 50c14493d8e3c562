// Verified players with live sessions, written straight into a running server's database (an embedded file, which
// WAL lets the server and the bench share, or the libSQL server it uses), each with a token the server accepts.
import { createClient } from '@libsql/client';
import { createTokenSigner } from '../../src/services/auth/tokens';
import { createLedger } from '../../src/services/ledger/ledger';
import { systemId, walletId } from '../../src/services/ledger/ledger.types';

export type BenchPlayer = { id: string; email: string; token: string };

// Player ids are unique in the database: start each process somewhere else in the seven-digit range.
let seq = Math.floor(Math.random() * 8_000_000);

export async function seedPlayers(dbUrl: string, secret: string, count: number, fundCents = 0): Promise<BenchPlayer[]> {
  const client = createClient({ url: dbUrl, concurrency: 1, timeout: 5000 });
  // A libSQL server refuses the PRAGMA and queues writers itself; an embedded file waits for the server's writer.
  if (dbUrl.startsWith('file:')) await client.execute('PRAGMA busy_timeout = 5000');
  const ledger = createLedger(client);
  const signer = createTokenSigner(secret);
  const now = Date.now();
  const players: BenchPlayer[] = [];
  for (let i = 0; i < count; i++) {
    const id = crypto.randomUUID();
    const email = `bench${++seq}.${id.slice(0, 6)}@example.com`;
    await client.batch([
      { sql: `INSERT INTO users (id, player_id, email, password_hash, email_verified_at, terms_version_accepted, terms_accepted_at, age_confirmed_at, created_at) VALUES (?, ?, ?, 'x', ?, 3, ?, ?, ?)`, args: [id, 1_000_000 + seq, email, now, now, now, now] },
      { sql: 'INSERT INTO sessions (id, user_id, created_at, expires_at, remember) VALUES (?, ?, ?, ?, 0)', args: [id, id, now, now + 6 * 3_600_000] },
    ], 'write');
    if (fundCents > 0) await ledger.transfer({ debit: systemId('bitcoin_deposits'), credit: walletId(id), amountCents: fundCents, code: 'DEPOSIT' });
    players.push({ id, email, token: await signer.sign({ sid: id }, new Date(now + 6 * 3_600_000)) });
  }
  client.close();
  return players;
}
