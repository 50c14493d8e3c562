import type { InStatement } from '@libsql/client';
import { walletId } from '../ledger/ledger.types';
import { fileHits } from './hits';
import { markUnderReview } from './held';
import type { AmlSettings } from './settings';

export type NewWithdrawalFacts = { id: string; userId: string; currency: string; destination: string; key: string | null; amountCents: number; now: number };

/** The withdrawal's destination as the network reads it, and the ledger's last entry now: where the next one's window starts. */
const screenRow = (w: NewWithdrawalFacts): InStatement => ({
  sql: `INSERT INTO withdrawal_screens (withdrawal_id, user_id, destination_key, entry_mark, created_at) VALUES (?, ?, ?, (SELECT coalesce(max(id), 0) FROM entries), ?)`,
  args: [w.id, w.userId, w.key, w.now],
});

/**
 * In and out without play: less than the share of what the player deposited (or had released from held money) or
 * received by P2P since their last withdrawal (not counting one cancelled or refused) went to games. Read from the
 * wallet's own ledger entries after the last withdrawal's mark, so only the entries since then are read.
 */
const inOutHit = (w: NewWithdrawalFacts, shareBp: number): InStatement => ({
  sql: `WITH prev AS (SELECT w.created_at AS at, s.entry_mark AS mark FROM withdrawals w LEFT JOIN withdrawal_screens s ON s.withdrawal_id = w.id
          WHERE w.user_id = ?1 AND w.id <> ?2 AND w.status NOT IN ('cancelled', 'failed') ORDER BY w.created_at DESC, w.id DESC LIMIT 1),
        m AS (SELECT
          coalesce(sum(CASE WHEN t.code IN ('DEPOSIT', 'HELD_RELEASE') AND e.amount_cents > 0 THEN e.amount_cents END), 0) AS deposited,
          coalesce(sum(CASE WHEN t.code = 'P2P' AND e.amount_cents > 0 THEN e.amount_cents END), 0) AS received,
          coalesce(sum(CASE WHEN t.code = 'GAME_LOAD' AND e.amount_cents < 0 THEN -e.amount_cents END), 0) AS played
          FROM entries e JOIN transfers t ON t.id = e.transfer_id
          WHERE e.account_id = ?3 AND e.id > coalesce((SELECT mark FROM prev), 0)
            AND ((SELECT mark FROM prev) IS NOT NULL OR e.created_at > coalesce((SELECT at FROM prev), 0)))
        INSERT INTO compliance_hits (id, case_id, user_id, rule, ref, facts, at)
        SELECT ?4, NULL, ?1, 'in_out_without_play', ?2, json_object('withdrawalId', ?2, 'amountCents', ?5, 'depositedCents', m.deposited,
          'receivedCents', m.received, 'playedCents', m.played, 'since', (SELECT at FROM prev), 'minPlayShare', ?6 / 10000.0), ?7
        FROM m WHERE m.deposited + m.received > 0 AND m.played * 10000 < ?6 * (m.deposited + m.received)`,
  args: [w.userId, w.id, walletId(w.userId), Bun.randomUUIDv7(), w.amountCents, shareBp, w.now],
});

/**
 * Shared destination: another player has withdrawn to this address or Lightning node (or asked to). The other players'
 * rows are read as the two ranges of the (key, player) index either side of this player, so a player's own many
 * withdrawals to one address are never read.
 */
const sharedDestinationHit = (w: NewWithdrawalFacts & { key: string }): InStatement => {
  const others = (what: string) => `(SELECT ${what} FROM withdrawal_screens WHERE destination_key = ?5 AND user_id < ?2)
    UNION ALL SELECT ${what} FROM withdrawal_screens WHERE destination_key = ?5 AND user_id > ?2`;
  return {
    sql: `INSERT INTO compliance_hits (id, case_id, user_id, rule, ref, facts, at)
          SELECT ?1, NULL, ?2, 'shared_destination', ?3, json_object('withdrawalId', ?3, 'amountCents', ?4, 'destination', ?5, 'currency', ?6,
            'otherPlayers', (SELECT json_group_array(DISTINCT user_id) FROM (SELECT user_id FROM ${others('user_id')})),
            'otherWithdrawals', (SELECT json_group_array(withdrawal_id) FROM (SELECT withdrawal_id, created_at FROM ${others('withdrawal_id, created_at')} ORDER BY created_at DESC LIMIT 20)),
            'otherWithdrawalCount', (SELECT count(*) FROM (SELECT 1 FROM ${others('1')}))), ?7
          WHERE EXISTS (SELECT 1 FROM withdrawal_screens WHERE destination_key = ?5 AND user_id < ?2)
             OR EXISTS (SELECT 1 FROM withdrawal_screens WHERE destination_key = ?5 AND user_id > ?2)`,
    args: [Bun.randomUUIDv7(), w.userId, w.id, w.amountCents, w.key, w.currency, w.now],
  };
};

/**
 * The statements a new withdrawal commits with its hold (the rules that hold money run where the money moves): its
 * screen row, the two holding rules, their hits filed as cases, and then every waiting withdrawal of the player that
 * is now held (this one included) marked under review. The payout step reads the hold from the database itself.
 */
export function withdrawalStatements(s: AmlSettings, w: NewWithdrawalFacts): InStatement[] {
  const rules = [
    ...(s.minPlayShareBp !== null ? [inOutHit(w, s.minPlayShareBp)] : []),
    ...(s.sharedDestination && w.key ? [sharedDestinationHit({ ...w, key: w.key })] : []),
  ];
  return [screenRow(w), ...rules, ...(rules.length ? fileHits(w.id) : []), markUnderReview(w.userId)];
}
