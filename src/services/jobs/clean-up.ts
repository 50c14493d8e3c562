import type { Client } from '@libsql/client';
import { DROP_OLD_ANSWERS } from '../../../db/idempotency-answers';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** How long each kind of row is kept once it can no longer be used. */
export const KEEP = {
  // Ended sessions stay a month: the operator console shows a player's recent sign-ins.
  endedSessionsMs: 30 * DAY_MS,
  // Spent links stay a week: support can still see that a link was used (as email-tokens.ts prunes).
  spentEmailTokensMs: 7 * DAY_MS,
  // An Idempotency-Key's answer is replayed for 24 hours (http/idempotency.ts); after that it is not needed.
  idempotencyKeysMs: DAY_MS,
  // BTCPay redelivers for days at most; a month of delivery ids keeps every redelivery a duplicate.
  webhookDeliveriesMs: 30 * DAY_MS,
} as const;

export type CleanUpCounts = { sessions: number; emailTokens: number; idempotencyKeys: number; webhookDeliveries: number };

/**
 * Deletes what can no longer be used: expired or revoked sessions, spent or expired e-mail links, old
 * idempotency answers (not their keys) and webhook delivery ids (captchas expire by themselves in the shared store). Nothing here
 * holds money; the ledger is never touched.
 */
export async function cleanUp(client: Client, now = Date.now()): Promise<CleanUpCounts> {
  const run = async (sql: string, ...args: number[]) => (await client.execute({ sql, args })).rowsAffected;
  const sessionsBefore = now - KEEP.endedSessionsMs;
  const tokensBefore = now - KEEP.spentEmailTokensMs;
  return {
    sessions: await run('DELETE FROM sessions WHERE expires_at < ? OR revoked_at < ?', sessionsBefore, sessionsBefore),
    emailTokens: await run('DELETE FROM email_tokens WHERE expires_at < ? OR used_at < ?', tokensBefore, tokensBefore),
    // Only the answer goes: the key stays bound to its request, which the money's references outlive.
    idempotencyKeys: await run(DROP_OLD_ANSWERS, now - KEEP.idempotencyKeysMs),
    webhookDeliveries: await run('DELETE FROM webhook_deliveries WHERE received_at < ?', now - KEEP.webhookDeliveriesMs),
  };
}
