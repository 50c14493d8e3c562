import type { Client } from '@libsql/client';
import type { Viewer } from '../../pages/page';
import { OPERATOR_IDLE_MS } from './sessions';
import { tokenFrom, type TokenSigner } from './tokens';

/** emailVerified: read by the session lookup with the rest, so /user/details needs no second query. */
export type SignedIn = Viewer & { sessionId: string; via: 'bearer' | 'cookie'; emailVerified?: boolean };

/**
 * One JWT check and one query: the live session, its player and the available balance.
 * Balance comes from the ledger's wallet account when it exists (0 before the first movement).
 */
export function createViewerLookup(client: Client, signer: TokenSigner, now: () => number = Date.now) {
  return async function signedIn(req: Request): Promise<SignedIn | null> {
    const t = tokenFrom(req);
    if (!t) return null;
    const claims = await signer.verify(t.token);
    if (!claims) return null;
    const r = await client.execute({
      sql: `SELECT u.id, u.player_id, u.email, u.name, u.phone_no, u.pending_email, u.email_verified_at IS NOT NULL AS email_verified, u.role, s.expires_at, s.last_seen_at, ${WALLET_SQL} AS wallet_cents
            FROM sessions s JOIN users u ON u.id = s.user_id
            WHERE s.id = ? AND s.revoked_at IS NULL AND s.expires_at > ?`,
      args: [claims.sid, now()],
    });
    const row = r.rows[0];
    if (!row) return null;
    const role = row.role === 'ADMIN' ? 'ADMIN' : 'USER';
    // An operator's session ends after 8 hours without activity: each use pushes its end back (at most once a minute).
    if (role === 'ADMIN' && Number(row.expires_at) - now() < OPERATOR_IDLE_MS - 60_000)
      await client.execute({ sql: 'UPDATE sessions SET expires_at = ? WHERE id = ? AND revoked_at IS NULL', args: [now() + OPERATOR_IDLE_MS, claims.sid] });
    // The sessions list shows when each device was last used: kept to the minute, so a busy player costs one write a minute.
    if (now() - Number(row.last_seen_at ?? 0) > LAST_SEEN_STEP_MS)
      await client.execute({ sql: 'UPDATE sessions SET last_seen_at = ? WHERE id = ?', args: [now(), claims.sid] });
    return {
      role,
      sessionId: claims.sid,
      via: t.via,
      userId: String(row.id),
      playerId: Number(row.player_id),
      email: String(row.email),
      name: row.name == null ? null : String(row.name),
      phoneNo: row.phone_no == null ? null : String(row.phone_no),
      pendingEmail: row.pending_email == null ? null : String(row.pending_email),
      emailVerified: Number(row.email_verified) === 1,
      walletCents: Number(row.wallet_cents ?? 0),
    };
  };
}

// The wallet's available balance (balance minus pending holds): one primary-key lookup on the ledger's account
// (see services/ledger; NULL → 0 before the wallet's first movement).
const LAST_SEEN_STEP_MS = 60_000;

const WALLET_SQL = "(SELECT a.balance_cents - a.pending_cents FROM accounts a WHERE a.id = 'w:' || u.id)";
