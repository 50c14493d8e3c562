// Every player in a snapshot is told, with a link to check it: proofs go to everyone, so the site cannot guess who
// will check. One notice per player, replaced by each snapshot's (a million players a day would otherwise add a
// million rows a day); it names their amount and comes back unread. Resumable: a crash mid-way picks up where it
// stopped, and a notice written twice is the same row.
import type { Client } from '@libsql/client';
import { moment, renderStored, stored } from '../notices/stored-text';

export const NOTICE_TYPE = 'PROOF_OF_LIABILITIES';
const NOTICE_KEY = 'api_note_solvency';
const BATCH = 2000;

export const checkLink = (snapshotId: string) => `/solvency?${new URLSearchParams({ snapshot: snapshotId })}`;

/** Writes the notices of one snapshot not yet written; returns how many it wrote now. */
export async function sendNotices(client: Client, snapshot: { id: string; createdAt: number }, now: () => number = Date.now): Promise<number> {
  await client.execute({ sql: 'INSERT OR IGNORE INTO solvency_notices (snapshot_id) VALUES (?)', args: [snapshot.id] });
  let written = 0;
  const at = moment(snapshot.createdAt, 'snapshot');
  for (;;) {
    const state = (await client.execute({ sql: 'SELECT through_user_id, finished_at FROM solvency_notices WHERE snapshot_id = ?', args: [snapshot.id] })).rows[0]!;
    if (state.finished_at !== null) return written;
    const from = String(state.through_user_id);
    const edge = (await client.execute({
      sql: 'SELECT max(user_id) AS upto, count(*) AS n FROM (SELECT user_id FROM solvency_inclusions WHERE snapshot_id = ? AND user_id > ? ORDER BY user_id LIMIT ?)',
      args: [snapshot.id, from, BATCH],
    })).rows[0]!;
    if (edge.upto === null) {
      await client.execute({ sql: 'UPDATE solvency_notices SET finished_at = ? WHERE snapshot_id = ?', args: [now(), snapshot.id] });
      return written;
    }
    const upto = String(edge.upto);
    await client.batch([
      {
        // The words as a key and inputs (said in the reader's language), and in English: the amount is each player's own.
        sql: `INSERT INTO notifications (id, user_id, type, content, message, link, created_at)
              SELECT 'solvency:' || user_id, user_id, ?, replace(?, '{amount}', '$' || printf('%,d.%02d', liability_cents / 100, liability_cents % 100)),
                json_object('k', ?, 'i', json_object('amount', '$' || printf('%,d.%02d', liability_cents / 100, liability_cents % 100), 'at', json(?))), ?, ?
              FROM solvency_inclusions WHERE snapshot_id = ? AND user_id > ? AND user_id <= ?
              ON CONFLICT (id) DO UPDATE SET content = excluded.content, message = excluded.message, link = excluded.link, created_at = excluded.created_at, read_at = NULL`,
        args: [NOTICE_TYPE, renderStored(stored(NOTICE_KEY, { amount: '{amount}', at }), 'en'), NOTICE_KEY, JSON.stringify(at), checkLink(snapshot.id), now(), snapshot.id, from, upto],
      },
      // Only forward: a second writer that got here first leaves this one nothing to do.
      { sql: 'UPDATE solvency_notices SET through_user_id = ? WHERE snapshot_id = ? AND through_user_id = ?', args: [upto, snapshot.id, from] },
    ], 'write');
    written += Number(edge.n);
  }
}

/** Snapshots whose notices are not all written (a publication that stopped mid-way), oldest first. */
export async function unfinishedNotices(client: Client): Promise<{ id: string; createdAt: number }[]> {
  const r = await client.execute(`SELECT s.id, s.created_at FROM solvency_snapshots s LEFT JOIN solvency_notices n ON n.snapshot_id = s.id
    WHERE n.finished_at IS NULL AND s.seq = (SELECT max(seq) FROM solvency_snapshots) ORDER BY s.seq`);
  return r.rows.map((row) => ({ id: String(row.id), createdAt: Number(row.created_at) }));
}
