import { expect, test } from 'bun:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../../db/client';
import { migrate } from '../../../db/migrate';
import { migrations } from '../../../db/migrations';

// Upgrading a database that already has withdrawals: their destinations are screened from then on (compared with a
// new one's), and the watch starts from the ledger as it stands, so nothing from before opens a case.
test('0029 keys the withdrawals already made and starts the watch at the present', async () => {
  const { client } = openDatabase(`file:${join(mkdtempSync(join(tmpdir(), 'coinreel-0029-')), 'db.sqlite')}`);
  const at = migrations.findIndex((m) => m.tag === '0029_compliance');
  await migrate(client, { list: migrations.slice(0, at) });
  const now = Date.now();
  await client.execute({ sql: `INSERT INTO users (id, player_id, email, password_hash, terms_version_accepted, terms_accepted_at, age_confirmed_at, created_at) VALUES ('u1', 1000001, 'a@example.com', 'x', 3, ?, ?, ?)`, args: [now, now, now] });
  const rows: [string, string, string][] = [['w1', 'BTC-CHAIN', 'BCRT1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KYGT080'], ['w2', 'BTC-CHAIN', '2N3oefVeg6stiTb5Kh3ozCSkaqmx91FDbsm'], ['w3', 'BTC-LN', 'alice@wallet.example.com'], ['w4', 'BTC-LN', 'lnbcrt1pexample']];
  for (const [id, currency, destination] of rows)
    await client.execute({
      sql: `INSERT INTO withdrawals (id, user_id, currency, destination, amount_cents, tip_cents, rate, btc_amount, hold_id, provider, status, history_id, created_at, updated_at)
            VALUES (?, 'u1', ?, ?, 100, 0, '50000', '0.00002', ?, 'sandbox', 'completed', ?, ?, ?)`,
      args: [id, currency, destination, `h-${id}`, `t-${id}`, now, now],
    });
  await client.execute({ sql: `INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES ('s1', 'u1', ?, ?)`, args: [now, now + 1000] });
  await migrate(client, { list: migrations });
  const keys = (await client.execute('SELECT withdrawal_id, destination_key, entry_mark FROM withdrawal_screens ORDER BY withdrawal_id')).rows.map((r) => [r.withdrawal_id, r.destination_key, r.entry_mark]);
  expect(keys).toEqual([['w1', 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', null], ['w2', '2N3oefVeg6stiTb5Kh3ozCSkaqmx91FDbsm', null], ['w3', 'alice@wallet.example.com', null], ['w4', null, null]]);
  const cursors = Object.fromEntries((await client.execute('SELECT name, position FROM compliance_cursors')).rows.map((r) => [r.name, Number(r.position)]));
  expect(cursors).toEqual({ entries: 0, sessions: 1, withdrawals: 4 });
  client.close();
});
