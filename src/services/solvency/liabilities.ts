// What the ledger owes each player at one instant, read in one read transaction on a connection of its own, page
// by page: money keeps moving on the site's connection meanwhile, and every page still sees the same instant.
import { createClient, type Client, type Transaction } from '@libsql/client';

/**
 * A player's liability is the sum of the balances of every ledger account that is theirs (user_id = the player),
 * floored at zero (docs/solvency.md, "Which accounts count"):
 * - `w:<player>` the wallet. Its balance still holds money reserved by a pending hold: a withdrawal not yet paid out
 *   and a transfer to a game not yet settled stay in `balance_cents` (only `pending_cents` marks them) until posted.
 * - `h:<player>` deposits held past a limit or during a break: the player's, not yet spendable.
 * - `d:<player>` debt after a reversed deposit: zero or negative, so it lowers what is owed.
 * - `g:<player>:<game>` a game account, should one ever hold money in the ledger.
 * Money inside a game is the vendor's (wins and losses happen there), so it is no liability of ours.
 */
const PAGE_SQL = `SELECT u.rowid AS r, u.id AS id, u.solvency_nonce AS nonce,
    coalesce((SELECT sum(a.balance_cents) FROM accounts a WHERE a.user_id = u.id), 0) AS net
  FROM users u WHERE u.rowid > ? ORDER BY u.rowid LIMIT ?`;

/** The same total computed by SQL alone, in the same transaction: the published root must equal it. */
const TOTAL_SQL = `SELECT count(*) AS players, coalesce(sum(max(net, 0)), 0) AS total FROM (
    SELECT coalesce((SELECT sum(a.balance_cents) FROM accounts a WHERE a.user_id = u.id), 0) AS net FROM users u)`;

const LATEST_SQL = 'SELECT seq, root_digest FROM solvency_snapshots ORDER BY seq DESC LIMIT 1';

export type PlayerLiability = { userId: string; accountNonce: Uint8Array; liabilityCents: number };

export type LiabilityRead = {
  /** Players at the instant read, and what SQL says they are owed in all. */
  players: number;
  totalCents: number;
  /** The snapshot published last, as of the same instant. */
  latest: { seq: number; rootDigest: string } | null;
  /** Every player once, in a fixed order, a page at a time. */
  pages(size: number): AsyncGenerator<PlayerLiability[]>;
  close(): Promise<void>;
};

/** Opens the read: its own connection (an embedded file) or its own stream (a libSQL server), and one transaction. */
export async function openLiabilityRead(url: string, authToken?: string): Promise<LiabilityRead> {
  if (!url.startsWith('file:') && !url.startsWith('libsql:') && !url.startsWith('http')) throw new Error(`a snapshot reads the database on a connection of its own; ${url} cannot be opened twice`);
  const client: Client = createClient({ url, authToken, ...(url.startsWith('file:') && { concurrency: 1 }) });
  let tx: Transaction | null = null;
  try {
    if (url.startsWith('file:')) await client.execute('PRAGMA busy_timeout = 5000');
    tx = await client.transaction('read');
    // The transaction's instant is fixed by its first read: everything below sees that one.
    const totals = (await tx.execute(TOTAL_SQL)).rows[0]!;
    const latest = (await tx.execute(LATEST_SQL)).rows[0];
    const open = tx;
    return {
      players: Number(totals.players),
      totalCents: Number(totals.total),
      latest: latest ? { seq: Number(latest.seq), rootDigest: String(latest.root_digest) } : null,
      async *pages(size) {
        let after = 0;
        for (;;) {
          const rows = (await open.execute({ sql: PAGE_SQL, args: [after, size] })).rows;
          if (!rows.length) return;
          after = Number(rows.at(-1)!.r);
          yield rows.map((r) => {
            const nonce = r.nonce instanceof ArrayBuffer ? new Uint8Array(r.nonce) : null;
            if (!nonce || nonce.length !== 32) throw new Error(`player ${String(r.id)} has no account nonce`);
            return { userId: String(r.id), accountNonce: nonce, liabilityCents: Math.max(0, Number(r.net)) };
          });
        }
      },
      async close() {
        open.close();
        client.close();
      },
    };
  } catch (e) {
    tx?.close();
    client.close();
    throw e;
  }
}
