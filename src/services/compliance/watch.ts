import type { Client, InStatement } from '@libsql/client';
import { fileHits, hitStatement, type Hit } from './hits';
import type { AmlSettings } from './settings';
import { fanHit, firstDepositHit, pairSeen, sharedAccountHits, structuringHit } from './watch-rules';

export type WatchContext = {
  client: Client;
  settings: AmlSettings;
  /** True while money is moving on this database: the watch then goes one batch at a time, with a pause between. */
  busy?: () => boolean;
  busyPauseMs?: number;
};

// Rows read per step, and steps per pass (the next pass goes on from its cursor).
const BATCH = 500;
const MAX_STEPS = 200;

async function cursorOf(client: Client, name: string): Promise<number> {
  const r = await client.execute({ sql: 'SELECT position FROM compliance_cursors WHERE name = ?', args: [name] });
  return Number(r.rows[0]?.position ?? 0);
}

const moveCursor = (name: string, position: number, now: number): InStatement => ({
  sql: `INSERT INTO compliance_cursors (name, position, updated_at) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET position = excluded.position, updated_at = excluded.updated_at`,
  args: [name, position, now],
});

/** A step's hits, their cases and the cursor past what it read, in one transaction: a crash repeats the step, never half of it. */
async function commitStep(client: Client, hits: Hit[], cursor: string, position: number) {
  const now = Date.now();
  await client.batch([...hits.map(hitStatement), ...(hits.length ? fileHits() : []), moveCursor(cursor, position, now)], 'write');
}

type Step = { hits: number; more: boolean };

/** New P2P transfers and deposit credits, read from the ledger's entries after the cursor (their ids only grow). */
async function entriesStep(ctx: WatchContext): Promise<Step> {
  const { client, settings: s } = ctx;
  const from = await cursorOf(client, 'entries');
  const [span, rows] = await client.batch([
    { sql: 'SELECT max(id) AS last, count(*) AS n FROM (SELECT id FROM entries WHERE id > ? ORDER BY id LIMIT ?)', args: [from, BATCH] },
    { sql: `SELECT t.id, t.code, t.debit_account_id, t.credit_account_id, t.created_at, json_extract(t.metadata, '$.depositId') AS deposit_id
            FROM (SELECT transfer_id, amount_cents FROM entries WHERE id > ? ORDER BY id LIMIT ?) e JOIN transfers t ON t.id = e.transfer_id
            WHERE e.amount_cents > 0 AND t.code IN ('P2P', 'DEPOSIT', 'DEPOSIT_HELD', 'DEBT_REPAID')`, args: [from, BATCH] },
  ], 'read');
  const n = Number(span!.rows[0]?.n ?? 0);
  if (!n) return { hits: 0, more: false };
  // Each pair's first transfer in this step, and each depositing player's latest credit.
  const pairs = new Map<string, { receiver: string; sender: string; ref: string; at: number }>();
  const deposits = new Map<string, { at: number; ids: Set<string> }>();
  for (const x of rows!.rows) {
    const at = Number(x.created_at);
    if (x.code === 'P2P') {
      const receiver = String(x.credit_account_id).slice(2);
      const sender = String(x.debit_account_id).slice(2);
      const key = `${sender}>${receiver}`;
      if (!pairs.has(key)) pairs.set(key, { receiver, sender, ref: String(x.id), at });
    } else {
      const user = String(x.credit_account_id).slice(2);
      const d = deposits.get(user) ?? { at, ids: new Set<string>() };
      d.at = Math.max(d.at, at);
      if (x.deposit_id != null) d.ids.add(String(x.deposit_id));
      deposits.set(user, d);
    }
  }
  const hits: Hit[] = [];
  if (s.p2pParties !== null)
    for (const p of pairs.values()) {
      if (await pairSeen(client, p.receiver, p.sender, p.ref, p.at)) continue;
      for (const h of [await fanHit(client, s, p.receiver, 'in', p.ref, p.at), await fanHit(client, s, p.sender, 'out', p.ref, p.at)]) if (h) hits.push(h);
    }
  for (const [user, d] of deposits) {
    for (const h of [await firstDepositHit(client, s, user, d.ids, d.at), await structuringHit(client, s, user, d.at)]) if (h) hits.push(h);
  }
  await commitStep(client, hits, 'entries', Number(span!.rows[0]!.last));
  return { hits: hits.length, more: n === BATCH };
}

/** New withdrawals, for structuring (the rules that hold ran in their own transactions). */
async function withdrawalsStep(ctx: WatchContext): Promise<Step> {
  const { client, settings: s } = ctx;
  const from = await cursorOf(client, 'withdrawals');
  const r = await client.execute({ sql: 'SELECT rowid AS seq, user_id, created_at FROM withdrawal_screens WHERE rowid > ? ORDER BY rowid LIMIT ?', args: [from, BATCH] });
  if (!r.rows.length) return { hits: 0, more: false };
  const latest = new Map<string, number>();
  for (const x of r.rows) latest.set(String(x.user_id), Math.max(latest.get(String(x.user_id)) ?? 0, Number(x.created_at)));
  const hits: Hit[] = [];
  for (const [user, at] of latest) {
    const h = await structuringHit(client, s, user, at);
    if (h) hits.push(h);
  }
  await commitStep(client, hits, 'withdrawals', Number(r.rows.at(-1)!.seq));
  return { hits: hits.length, more: r.rows.length === BATCH };
}

/** New sign-ins, for shared accounts. */
async function sessionsStep(ctx: WatchContext): Promise<Step> {
  const { client, settings: s } = ctx;
  const from = await cursorOf(client, 'sessions');
  const r = await client.execute({
    sql: `SELECT s.rowid AS seq, s.id, s.user_id, s.ip, s.device_key, s.created_at, u.role FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.rowid > ? ORDER BY s.rowid LIMIT ?`,
    args: [from, BATCH],
  });
  if (!r.rows.length) return { hits: 0, more: false };
  const hits: Hit[] = [];
  for (const x of r.rows) {
    if (x.role !== 'USER') continue;
    hits.push(...await sharedAccountHits(client, s, {
      id: String(x.id), userId: String(x.user_id), ip: x.ip == null ? null : String(x.ip), deviceKey: x.device_key == null ? null : String(x.device_key), at: Number(x.created_at),
    }));
  }
  await commitStep(client, hits, 'sessions', Number(r.rows.at(-1)!.seq));
  return { hits: hits.length, more: r.rows.length === BATCH };
}

/**
 * One pass of the watch: every source read from its cursor to its end (or MAX_STEPS steps, the rest next pass). It
 * costs no request a player waits for; while money is moving it pauses between steps.
 */
export async function watchOnce(ctx: WatchContext): Promise<{ hits: number }> {
  let hits = 0;
  for (const step of [entriesStep, withdrawalsStep, sessionsStep])
    for (let i = 0; i < MAX_STEPS; i++) {
      const r = await step(ctx);
      hits += r.hits;
      if (!r.more) break;
      if (ctx.busy?.()) await Bun.sleep(ctx.busyPauseMs ?? 250);
    }
  return { hits };
}
