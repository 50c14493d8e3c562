// Ledger figures, in process (no HTTP): operations/s at 50 concurrent callers for a bare two-update write
// transaction, ledger.transfer, and hold + post, on a libSQL file opened two ways: the client's default pool
// (up to 20 connections, each opened without the app's PRAGMAs) and one connection carrying them.
// Run alone: bun bench/ledger.bench.ts
import { createClient, type Client } from '@libsql/client';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tuneEmbedded } from '../db/client';
import { migrate } from '../db/migrate';
import { createLedger } from '../src/services/ledger/ledger';
import { verifyLedger } from '../src/services/ledger/ledger-verify';
import { systemId, walletId } from '../src/services/ledger/ledger.types';
import { printTable } from './lib/table';

const SECONDS = 1.5;
const CONCURRENCY = 50;
const WALLETS = 200;

async function open(single: boolean): Promise<Client> {
  const url = `file:${join(mkdtempSync(join(tmpdir(), 'coinreel-ledger-bench-')), 'l.db')}`;
  const client = createClient(single ? { url, concurrency: 1, timeout: 5000 } : { url });
  await tuneEmbedded(client, url);
  await migrate(client);
  await client.execute('CREATE TABLE bare (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL)');
  await client.batch(Array.from({ length: WALLETS }, (_, i) => ({ sql: 'INSERT INTO bare VALUES (?, 1000000000)', args: [i] })), 'write');
  return client;
}

/** Runs `op` from CONCURRENCY callers for SECONDS; returns completed operations per second. */
async function rate(op: (i: number) => Promise<unknown>): Promise<number> {
  let n = 0;
  const until = performance.now() + SECONDS * 1000;
  const caller = async (c: number) => {
    while (performance.now() < until) await op(c * 1_000_000 + n++);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, c) => caller(c)));
  return Math.round(n / SECONDS);
}

const rows: (string | number)[][] = [];
for (const single of [false, true]) {
  const client = await open(single);
  const ledger = createLedger(client);
  for (let i = 0; i < WALLETS; i++) await ledger.transfer({ debit: systemId('bitcoin_deposits'), credit: walletId(`u${i}`), amountCents: 1_000_000, code: 'DEPOSIT' });
  const pair = (i: number) => [i % WALLETS, (i * 7 + 1) % WALLETS === i % WALLETS ? (i + 1) % WALLETS : (i * 7 + 1) % WALLETS] as const;
  const bare = await rate((i) => {
    const [a, b] = pair(i);
    return client.batch([{ sql: 'UPDATE bare SET balance = balance - 1 WHERE id = ?', args: [a] }, { sql: 'UPDATE bare SET balance = balance + 1 WHERE id = ?', args: [b] }], 'write');
  });
  const transfer = await rate((i) => {
    const [a, b] = pair(i);
    return ledger.transfer({ debit: walletId(`u${a}`), credit: walletId(`u${b}`), amountCents: 1, code: 'P2P' });
  });
  const holdPost = await rate(async (i) => {
    const [a] = pair(i);
    const h = await ledger.hold({ debit: walletId(`u${a}`), credit: systemId('bitcoin_withdrawals'), amountCents: 2, code: 'WITHDRAW' });
    await ledger.post(h.id, { amountCents: 1 });
  });
  const ok = (await verifyLedger(client)).ok;
  rows.push([single ? 'one connection + PRAGMAs' : 'default pool', bare, transfer, `${Math.round((transfer / bare) * 100)}%`, holdPost, ok ? 'ok' : 'BROKEN']);
  client.close();
}
printTable(`ledger in process, ${CONCURRENCY} concurrent callers, ops/s`, ['client', 'bare 2-update tx', 'transfer', 'transfer/bare', 'hold+post', 'verify'], rows);
