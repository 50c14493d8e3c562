import type { Client, InStatement } from '@libsql/client';
import { AppError } from '../../lib/app-error';
import type { CredentialCipher } from '../../lib/credential-cipher';
import { queueMailToPlayer } from '../mail/mail-queue';
import { hashToken, TOKEN_TTL_MS } from './email-tokens';
import { writeClaimed } from '../../../db/claimed-write';

/**
 * An operator's proof that they hold the account's mailbox before their two-step verification turns on (with
 * OPERATOR_TWO_STEP=required). The right password and a code from the new authenticator only park its secret; a
 * single-use link (30 minutes, only its hash stored) is mailed to the account's address through the mail queue, and
 * opened in the sign-in that asked it turns two-step on (two-step.ts `confirm`). A thief with the password can scan
 * their own authenticator but never reads the mail; the owner who gets a mail they did not ask for cannot confirm
 * the thief's request from their own browser either (docs/decisions/session-second-factor.md).
 */

/** Where the request came from, for the mail: a device name and an address. */
export type AskedFrom = { device: string | null; ip: string | null };
/** A confirmation mailed and not yet used: where it went, until when, and whether it was asked in this session. */
export type Awaiting = { sentTo: string; expiresAt: number; here: boolean };

/** What a confirmation link can do for a session, read without spending it. */
export type ProofLinkState = 'live' | 'used' | 'expired' | 'unknown' | 'other-account' | 'other-session';

export const PROOF_TTL_MS = TOKEN_TTL_MS.two_step_confirm;
export const PROOF_MAIL_KIND = 'two-step-confirm';

export const PROOF_LINK_REFUSALS: Record<Exclude<ProofLinkState, 'live'>, string> = {
  used: 'This link has already been used, or a newer one replaced it. Two-step verification is still off until the newest link is opened.',
  expired: 'This link has expired (it works for 30 minutes): two-step verification is still off. Turn it on again from Profile Settings for a new link.',
  unknown: 'This link is not valid. Turn two-step verification on from Profile Settings for a new link.',
  'other-account': 'This link was sent for another account. Sign out, then open it in the browser that asked for it, signed in to that account.',
  'other-session': 'This link works only in the browser, and the sign-in, that asked for it. Open it there, or turn two-step verification on again here for a new link.',
};

// The same shape as every e-mailed link (32 random bytes, base64url).
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

// The queued mail carries the link sealed with the credential key, bound to its account: the database (and any copy
// of it) holds no usable link, only the process that sends the mail can open it.
const sealContext = (userId: string) => `two-step-confirm-link:${userId}`;
export const openProofToken = (cipher: CredentialCipher, userId: string, sealed: string) => cipher.open(sealed, sealContext(userId));

export type MailProofDeps = {
  client: Client;
  cipher: CredentialCipher;
  /** OPERATOR_TWO_STEP=required: only then do operators prove the mailbox. */
  required: boolean;
  /** The mail queue's worker (it also looks every second). */
  wakeMail?: () => void;
  /** Links follow the wall clock, like every other e-mailed link (two-step codes have their own clock). */
  clock?: () => number;
};

export type MailProof = ReturnType<typeof createMailProof>;

export function createMailProof(d: MailProofDeps) {
  const { client } = d;
  const clock = d.clock ?? Date.now;

  /** A fresh link for the account: older ones spent, the new one's hash stored, its mail queued, all in one write. */
  function linkRows(userId: string, from: AskedFrom, now: number): { hash: string; rows: InStatement[] } {
    const raw = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
    const hash = hashToken(raw);
    const until = now + PROOF_TTL_MS;
    return {
      hash,
      rows: [
        { sql: "UPDATE email_tokens SET used_at = ? WHERE user_id = ? AND purpose = 'two_step_confirm' AND used_at IS NULL", args: [now, userId] },
        {
          sql: "INSERT INTO email_tokens (token_hash, user_id, purpose, email, created_at, expires_at) SELECT ?, id, 'two_step_confirm', email, ?, ? FROM users WHERE id = ?",
          args: [hash, now, until, userId],
        },
        queueMailToPlayer({ kind: PROOF_MAIL_KIND, userId, data: { token: d.cipher.seal(raw, sealContext(userId)), user: userId, device: from.device, ip: from.ip, at: now, until } }, now),
      ],
    };
  }

  async function written(claim: InStatement, rest: InStatement[], conflict: () => AppError): Promise<void> {
    // Nothing is mailed unless the claim changed its row.
    await writeClaimed(client, [claim], rest, conflict);
    d.wakeMail?.();
  }

  return {
    /** The account's address when its two-step must wait for the mailbox (an operator, with `required`); else null. */
    async mailboxToProve(userId: string): Promise<string | null> {
      if (!d.required) return null;
      const r = await client.execute({ sql: "SELECT email FROM users WHERE id = ? AND role = 'ADMIN'", args: [userId] });
      return r.rows[0] ? String(r.rows[0].email) : null;
    },

    /**
     * The set-up whose first code was right (`pending`, checked at `step`) waits for the mailbox instead of turning
     * on; a newer request replaces an older one and spends its link.
     */
    async park(userId: string, email: string, p: { pending: string; step: number; sessionId: string; from: AskedFrom }): Promise<Awaiting> {
      const now = clock();
      const link = linkRows(userId, p.from, now);
      await written({
        sql: `UPDATE user_totp SET awaiting_secret = pending_secret, awaiting_step = ?, awaiting_session_id = ?, awaiting_token_hash = ?, pending_secret = NULL, pending_created_at = NULL
              WHERE user_id = ? AND enabled_at IS NULL AND pending_secret = ?`,
        args: [p.step, p.sessionId, link.hash, userId, p.pending],
      }, link.rows, () => AppError.conflict('The set-up changed meanwhile. Please start again.', 'TOTP_NOT_SET_UP'));
      return { sentTo: email, expiresAt: now + PROOF_TTL_MS, here: true };
    },

    /** The link again, for the session that asked (the mail went astray): a new one, the old one spent. */
    async resend(userId: string, sessionId: string, from: AskedFrom): Promise<Awaiting> {
      const now = clock();
      const link = linkRows(userId, from, now);
      await written(
        { sql: 'UPDATE user_totp SET awaiting_token_hash = ? WHERE user_id = ? AND enabled_at IS NULL AND awaiting_secret IS NOT NULL AND awaiting_session_id = ?', args: [link.hash, userId, sessionId] },
        link.rows, () => AppError.conflict('Nothing is waiting for a confirmation from this sign-in. Turn two-step verification on again.', 'TOTP_NOT_SET_UP'));
      const r = await client.execute({ sql: 'SELECT email FROM users WHERE id = ?', args: [userId] });
      return { sentTo: String(r.rows[0]?.email ?? ''), expiresAt: now + PROOF_TTL_MS, here: true };
    },

    /** The confirmation waiting for the account's mailbox, while its link is live; null when there is none. */
    async awaiting(userId: string, sessionId: string): Promise<Awaiting | null> {
      const r = await client.execute({
        sql: `SELECT t.awaiting_session_id, e.email, e.expires_at FROM user_totp t JOIN email_tokens e ON e.token_hash = t.awaiting_token_hash
              WHERE t.user_id = ? AND t.enabled_at IS NULL AND t.awaiting_secret IS NOT NULL AND e.used_at IS NULL AND e.expires_at > ?`,
        args: [userId, clock()],
      });
      const x = r.rows[0];
      return x ? { sentTo: String(x.email), expiresAt: Number(x.expires_at), here: x.awaiting_session_id === sessionId } : null;
    },

    /** What the link can do for this session, without spending it. */
    async linkState(userId: string, sessionId: string, raw: unknown): Promise<ProofLinkState> {
      if (typeof raw !== 'string' || !TOKEN_SHAPE.test(raw)) return 'unknown';
      const hash = hashToken(raw);
      const r = await client.execute({
        sql: `SELECT e.user_id, e.used_at, e.expires_at, t.awaiting_session_id, t.awaiting_token_hash = e.token_hash AND t.enabled_at IS NULL AND t.awaiting_secret IS NOT NULL AS current
              FROM email_tokens e LEFT JOIN user_totp t ON t.user_id = e.user_id WHERE e.token_hash = ? AND e.purpose = 'two_step_confirm'`,
        args: [hash],
      });
      const x = r.rows[0];
      if (!x) return 'unknown';
      if (x.user_id !== userId) return 'other-account';
      if (x.used_at != null || Number(x.current) !== 1) return 'used';
      if (Number(x.expires_at) <= clock()) return 'expired';
      return x.awaiting_session_id === sessionId ? 'live' : 'other-session';
    },

    /**
     * The writes that spend the link and move the parked secret into use, each of which must change exactly one row
     * (the caller runs them first, guarded, in the batch that turns two-step on): of two racing confirmations one wins.
     */
    claim(userId: string, sessionId: string, raw: string, enabledAt: number): InStatement[] {
      const hash = hashToken(raw);
      return [
        { sql: "UPDATE email_tokens SET used_at = ? WHERE token_hash = ? AND purpose = 'two_step_confirm' AND user_id = ? AND used_at IS NULL AND expires_at > ?", args: [clock(), hash, userId, clock()] },
        {
          sql: `UPDATE user_totp SET secret = awaiting_secret, last_step = awaiting_step, enabled_at = ?, awaiting_secret = NULL, awaiting_step = NULL, awaiting_session_id = NULL,
                awaiting_token_hash = NULL, pending_secret = NULL, pending_created_at = NULL
                WHERE user_id = ? AND enabled_at IS NULL AND awaiting_secret IS NOT NULL AND awaiting_token_hash = ? AND awaiting_session_id = ?`,
          args: [enabledAt, userId, hash, sessionId],
        },
      ];
    },
  };
}

/** The refusal for a link that cannot turn two-step on for this session. */
export function proofLinkRefused(state: Exclude<ProofLinkState, 'live'>): AppError {
  const message = PROOF_LINK_REFUSALS[state];
  if (state === 'other-account' || state === 'other-session') return new AppError(403, message, 'TWO_STEP_LINK_ELSEWHERE');
  return new AppError(400, message, 'TWO_STEP_LINK_INVALID', [{ field: 'token', message }]);
}
