import type { Client } from '@libsql/client';
import { createFirstRow } from '../../../db/raw-reads';
import type { Viewer } from './viewer-type';
import { OPERATOR_IDLE_MS } from './sessions';
import { tokenFrom, type TokenSigner } from './tokens';
import { restrictionNotice } from '../protection/restrictions';

/** emailVerified: read by the session lookup with the rest, so /user/details needs no second query. */
/** historyVersion: moves with every change to the player's history (see http/fast-reads.ts). */
export type SignedIn = Viewer & { sessionId: string; via: 'bearer' | 'cookie'; emailVerified?: boolean; historyVersion?: number };

/** The lookup; `known` answers without a promise when it can (undefined: ask the lookup itself). */
export type ViewerLookup = ((req: Request) => Promise<SignedIn | null>) & { known(req: Request): SignedIn | null | undefined };

/**
 * One JWT check and one query: the live session, its player and the available balance.
 * Balance comes from the ledger's wallet account when it exists (0 before the first movement).
 */
export function createViewerLookup(client: Client, signer: TokenSigner, now: () => number = Date.now): ViewerLookup {
  const firstRow = createFirstRow(client);
  const lastSeenStale = (row: unknown[]) => now() - Number(row[LAST_SEEN_AT] ?? 0) > LAST_SEEN_STEP_MS;
  async function signedIn(req: Request): Promise<SignedIn | null> {
    const t = tokenFrom(req);
    if (!t) return null;
    const claims = await signer.verify(t.token);
    if (!claims) return null;
    const row = await firstRow(SESSION_SQL, [claims.sid, now()]);
    if (!row) return null;
    const player = fromRow(row, claims.sid, t.via, now());
    // An operator's session ends after 8 hours without activity: each use pushes its end back (at most once a minute).
    if (player.role === 'ADMIN' && Number(row[EXPIRES_AT]) - now() < OPERATOR_IDLE_MS - 60_000)
      await client.execute({ sql: 'UPDATE sessions SET expires_at = ? WHERE id = ? AND revoked_at IS NULL', args: [now() + OPERATOR_IDLE_MS, claims.sid] });
    // The sessions list shows when each device was last used: kept to the minute, so a busy player costs one write a minute.
    if (lastSeenStale(row))
      await client.execute({ sql: 'UPDATE sessions SET last_seen_at = ? WHERE id = ?', args: [now(), claims.sid] });
    return player;
  }
  // The hot reads' path (http/fast-reads.ts): a token seen before and the embedded connection, no promise at all.
  // Anything else, an operator's session (which may need its end pushed back) included, takes the lookup above.
  function known(req: Request): SignedIn | null | undefined {
    const t = tokenFrom(req);
    if (!t) return null;
    const claims = signer.known(t.token);
    if (claims === undefined || !firstRow.now) return undefined;
    if (!claims) return null;
    const row = firstRow.now(SESSION_SQL, [claims.sid, now()]);
    if (!row) return null;
    // A session whose last-seen time is due a write takes the lookup above, which writes it.
    return row[ROLE] === 'ADMIN' || lastSeenStale(row) ? undefined : fromRow(row, claims.sid, t.via, now());
  }
  return Object.assign(signedIn, { known });
}

const ROLE = 7;
const EXPIRES_AT = 8;
const LAST_SEEN_AT = 12;
const LAST_SEEN_STEP_MS = 60_000;

function fromRow(row: unknown[], sessionId: string, via: SignedIn['via'], at: number): SignedIn {
  const [id, playerId, email, name, phoneNo, pendingEmail, emailVerified, role, , walletCents, historyVersion, twoStep, , coolOff, excluded, permanent, timeZone, language, signedInWith] = row;
  const restriction = timeZone == null ? null : restrictionNotice({
    coolOffUntil: coolOff == null ? null : Number(coolOff), selfExcludedUntil: excluded == null ? null : Number(excluded),
    selfExcludedPermanent: Number(permanent) === 1, timeZone: String(timeZone), pendingTimeZone: null,
  }, at);
  return {
    ...(restriction && { restriction }),
    role: role === 'ADMIN' ? 'ADMIN' : 'USER',
    sessionId,
    via,
    userId: String(id),
    playerId: Number(playerId),
    email: String(email),
    name: name == null ? null : String(name),
    phoneNo: phoneNo == null ? null : String(phoneNo),
    pendingEmail: pendingEmail == null ? null : String(pendingEmail),
    emailVerified: Number(emailVerified) === 1,
    walletCents: Number(walletCents ?? 0),
    historyVersion: Number(historyVersion ?? 0),
    twoStep: Number(twoStep) === 1,
    language: language === 'en' || language === 'es' ? language : null,
    secondFactor: signedInWith === 'password_code' || signedInWith === 'recovery_code',
  };
}

// The wallet's available balance (balance minus pending holds): one primary-key lookup on the ledger's account
// (see services/ledger; NULL → 0 before the wallet's first movement).
const WALLET_SQL = "(SELECT a.balance_cents - a.pending_cents FROM accounts a WHERE a.id = 'w:' || u.id)";

// Columns in the order fromRow reads them (ROLE and EXPIRES_AT are their positions).
const SESSION_SQL = `SELECT u.id, u.player_id, u.email, u.name, u.phone_no, u.pending_email, u.email_verified_at IS NOT NULL AS email_verified, u.role, s.expires_at, ${WALLET_SQL} AS wallet_cents,
  (SELECT v.version FROM history_versions v WHERE v.user_id = u.id) AS history_version,
  EXISTS (SELECT 1 FROM user_totp t WHERE t.user_id = u.id AND t.enabled_at IS NOT NULL) AS two_step,
  s.last_seen_at, c.cool_off_until, c.self_excluded_until, c.self_excluded_permanent, c.time_zone, u.language, s.signed_in_with
  FROM sessions s JOIN users u ON u.id = s.user_id LEFT JOIN play_controls c ON c.user_id = u.id
  WHERE s.id = ? AND s.revoked_at IS NULL AND s.expires_at > ?`;
