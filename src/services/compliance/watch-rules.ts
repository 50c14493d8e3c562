import type { Client } from '@libsql/client';
import type { Hit } from './hits';
import { structuringBand, type AmlSettings } from './settings';

// The rules that only open a case, evaluated by the watch job over what the ledger and its tables hold.
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
// A case's facts name at most this many other players or movements.
const SHOWN = 50;

const userOf = (account: string) => account.slice(2);

/**
 * Whether the sender paid this receiver in the 24 h before `at` (the pair is not new). The fan rules' counts only
 * grow when a new pair appears, so they are counted then, not on every transfer of a busy pair: the newest earlier
 * transfer of the pair is found first and the look stops there.
 */
export async function pairSeen(client: Client, receiver: string, sender: string, transferId: string, at: number): Promise<boolean> {
  // The transfer's own history row is written with its request's time, a moment before the ledger's: not counted.
  const r = await client.execute({
    sql: `SELECT 1 FROM transactions h JOIN transfers t ON t.id = h.transfer_id
          WHERE h.user_id = ? AND h.type = 'P2P' AND h.created_at >= ? AND h.created_at <= ? AND h.direction = 'in' AND t.debit_account_id = ? AND h.transfer_id <> ?
          ORDER BY h.created_at DESC LIMIT 1`,
    args: [receiver, at - DAY_MS, at, `w:${sender}`, transferId],
  });
  return r.rows.length > 0;
}

/**
 * Fan-in / fan-out: the player received P2P from (or sent it to) at least `p2pParties` different players in the
 * 24 h up to `at`. `ref` is the transfer that made the pair.
 */
export async function fanHit(client: Client, s: AmlSettings, userId: string, direction: 'in' | 'out', ref: string, at: number): Promise<Hit | null> {
  if (s.p2pParties === null) return null;
  const party = direction === 'in' ? 't.debit_account_id' : 't.credit_account_id';
  const r = await client.execute({
    sql: `SELECT count(DISTINCT ${party}) AS n, json_group_array(DISTINCT ${party}) AS parties, coalesce(sum(t.amount_cents), 0) AS total, count(*) AS transfers
          FROM transactions h JOIN transfers t ON t.id = h.transfer_id
          WHERE h.user_id = ? AND h.type = 'P2P' AND h.direction = ? AND h.created_at > ? AND h.created_at <= ?`,
    args: [userId, direction, at - DAY_MS, at],
  });
  const x = r.rows[0]!;
  const n = Number(x.n);
  if (n < s.p2pParties) return null;
  const parties = (JSON.parse(String(x.parties)) as string[]).map(userOf);
  return {
    userId, rule: 'fan_in_out', ref, at,
    facts: { direction, players: n, threshold: s.p2pParties, transfers: Number(x.transfers), totalCents: Number(x.total), from: at - DAY_MS, to: at, transferId: ref, otherPlayers: parties.slice(0, SHOWN) },
  };
}

/**
 * Structuring: at least `structuringCount` deposits or withdrawals in the 24 h up to `at`, each at least 10 % below
 * the reporting threshold and below it. A deposit counts what arrived for it (wallet and held), a withdrawal what was
 * asked (not one cancelled or refused).
 */
export async function structuringHit(client: Client, s: AmlSettings, userId: string, at: number): Promise<Hit | null> {
  if (s.structuringCount === null) return null;
  const band = structuringBand(s.reportCents);
  const r = await client.execute({
    sql: `SELECT kind, id, amount, at FROM (
            SELECT 'deposit' AS kind, id, credited_cents + held_cents AS amount, created_at AS at FROM deposits WHERE user_id = ?1 AND created_at > ?2 AND created_at <= ?3
            UNION ALL SELECT 'withdrawal', id, amount_cents, created_at FROM withdrawals WHERE user_id = ?1 AND created_at > ?2 AND created_at <= ?3 AND status NOT IN ('cancelled', 'failed'))
          WHERE amount >= ?4 AND amount < ?5 ORDER BY at, id`,
    args: [userId, at - DAY_MS, at, band.fromCents, band.belowCents],
  });
  if (r.rows.length < s.structuringCount) return null;
  const items = r.rows.map((x) => ({ kind: String(x.kind), id: String(x.id), amountCents: Number(x.amount), at: Number(x.at) }));
  return {
    userId, rule: 'structuring', ref: items.at(-1)!.id, at,
    facts: { count: items.length, threshold: s.structuringCount, bandFromCents: band.fromCents, bandBelowCents: band.belowCents, items: items.slice(-SHOWN), from: at - DAY_MS, to: at },
  };
}

/** Large first deposit: the player's first deposit (the first with money arrived) is at least the threshold and is one of `newDeposits`. */
export async function firstDepositHit(client: Client, s: AmlSettings, userId: string, newDeposits: Set<string>, at: number): Promise<Hit | null> {
  if (s.firstDepositCents === null) return null;
  const r = await client.execute({
    sql: 'SELECT id, credited_cents + held_cents AS amount, created_at FROM deposits WHERE user_id = ? AND credited_cents + held_cents > 0 ORDER BY created_at, id LIMIT 1',
    args: [userId],
  });
  const d = r.rows[0];
  if (!d || !newDeposits.has(String(d.id)) || Number(d.amount) < s.firstDepositCents) return null;
  return { userId, rule: 'large_first_deposit', ref: String(d.id), at, facts: { depositId: String(d.id), amountCents: Number(d.amount), minimumCents: s.firstDepositCents, requestedAt: Number(d.created_at) } };
}

const loopback = (ip: string) => ip.startsWith('127.') || ip === '::1' || ip.startsWith('::ffff:127.');

/**
 * Shared accounts: the session's player is one of at least `sharedAccounts` players (operators aside) who signed in
 * from its device (its device cookie) or its address in the 7 days up to it. A loopback address is a proxy on this
 * machine, not a player's, and is not counted.
 */
export async function sharedAccountHits(client: Client, s: AmlSettings, x: { id: string; userId: string; ip: string | null; deviceKey: string | null; at: number }): Promise<Hit[]> {
  if (s.sharedAccounts === null) return [];
  const found: Hit[] = [];
  const ways: ['device' | 'address', 'device_key' | 'ip', string | null][] = [['device', 'device_key', x.deviceKey], ['address', 'ip', x.ip && !loopback(x.ip) ? x.ip : null]];
  for (const [via, column, value] of ways) {
    if (!value) continue;
    const r = await client.execute({
      sql: `SELECT count(DISTINCT s.user_id) AS n, json_group_array(DISTINCT s.user_id) AS players FROM sessions s JOIN users u ON u.id = s.user_id
            WHERE s.${column} = ? AND s.created_at > ? AND s.created_at <= ? AND u.role = 'USER'`,
      args: [value, x.at - WEEK_MS, x.at],
    });
    const n = Number(r.rows[0]!.n);
    if (n < s.sharedAccounts) continue;
    const players = (JSON.parse(String(r.rows[0]!.players)) as string[]).filter((p) => p !== x.userId);
    found.push({
      userId: x.userId, rule: 'shared_accounts', ref: `${x.id}:${via}`, at: x.at,
      facts: { via, ...(via === 'address' ? { address: value } : {}), accounts: n, threshold: s.sharedAccounts, from: x.at - WEEK_MS, to: x.at, sessionId: x.id, otherPlayers: players.slice(0, SHOWN) },
    });
  }
  return found;
}
