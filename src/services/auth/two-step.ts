import type { Client, InStatement } from '@libsql/client';
import { AppError, fieldText } from '../../lib/app-error';
import { text, type Text } from '../../i18n/text';
import { m } from '../../i18n/paraglide/messages.js';
import type { CredentialCipher } from '../../lib/credential-cipher';
import {
  formatRecoveryCode, isTotpCode, normalizeCode, TOTP_INVALID, TOTP_REQUIRED,
} from '../../shared/schemas/two-step';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes';
import { isCurrentPassword } from './passwords';
import { matchingStep, newTotpSecret, otpauthUrl, totpQrSvg } from './totp';
import type { SessionsEnded } from '../../ws/hub.port';
import { writeClaimed } from '../../../db/claimed-write';
import { proofLinkRefused, type AskedFrom, type Awaiting, type MailProof, type ProofLinkState } from './two-step-mail-proof';

export type TwoStepStatus = { enabled: boolean; enabledAt: number | null; recoveryCodesLeft: number };
export type TwoStepSetup = { secret: string; otpauthUrl: string; qrSvg: string };
/** How a step-up was passed: two-step is off for the player, a current code, or a recovery code (now spent). */
export type CodeCheck = 'off' | 'code' | 'recovery';
/** Turned on (the recovery codes, shown this once), or waiting for the link mailed to an operator's address. */
export type Enabled = { on: true; recoveryCodes: string[] } | { on: false; awaiting: Awaiting };

export type TwoStep = {
  isOn(userId: string): Promise<boolean>;
  status(userId: string): Promise<TwoStepStatus>;
  setup(userId: string, account: string): Promise<TwoStepSetup>;
  /**
   * The first code, with the account's password: a stolen session alone cannot turn it on and lock the owner out.
   * Every other session of the account ends; `sessionId`, the one that asked, stays as it signed in (password-only).
   * An operator's (with OPERATOR_TWO_STEP=required) does not turn on yet: it waits for the link mailed to the
   * account's address, opened in this session (`confirm`), and `from` says in that mail where it was asked.
   */
  enable(userId: string, code: unknown, password: unknown, sessionId?: string, from?: AskedFrom): Promise<Enabled>;
  /** An operator's mailed link, opened in the session that asked: two-step turns on; the recovery codes, shown once. */
  confirm(userId: string, sessionId: string, token: unknown): Promise<string[]>;
  /** The confirmation waiting for this account's mailbox, if any (`here`: asked in this session). */
  awaiting(userId: string, sessionId: string): Promise<Awaiting | null>;
  /** Whether turning it on waits for a link mailed to the account's address (an operator, with `required`). */
  confirmsByMail(userId: string): Promise<boolean>;
  /** What a mailed link can do for this session, without spending it (for the page's first render). */
  linkState(userId: string, sessionId: string, token: unknown): Promise<ProofLinkState>;
  /** A new link for the confirmation this session asked for (the old one stops working). */
  resend(userId: string, sessionId: string, from: AskedFrom): Promise<Awaiting>;
  /**
   * The step-up every protected call makes: nothing when off; else a code that has not been used, or 401.
   * `on`: whether it is on, as the caller already read it (the signed-in player's `twoStep`); false saves the read.
   */
  check(userId: string, totp: unknown, on?: boolean): Promise<CodeCheck>;
  /** With a code; every other session of the account ends, as when it is turned on. */
  disable(userId: string, totp: unknown, sessionId?: string): Promise<void>;
  regenerateRecoveryCodes(userId: string, totp: unknown): Promise<string[]>;
};

export type TwoStepDeps = {
  client: Client;
  cipher: CredentialCipher;
  /** Counts one code attempt for the player and throws (429) past the limit. */
  countAttempt: (userId: string) => Promise<void>;
  issuer: string;
  now: () => number;
  /**
   * After commit: the security-activity module records the event and sends its e-mail (wired in deps.ts).
   * Until then a no-op; nothing here waits for it.
   */
  securityEvent?: (e: TwoStepEvent) => void;
  /** After commit: closes the sockets of the sessions that ended, on every instance (the hub's endSessions). */
  endSessions?: (ended: SessionsEnded) => void;
  /** The operators' proof of the mailbox (two-step-mail-proof.ts); without it every account turns on at once. */
  mailProof?: MailProof;
};

/** The two-step changes the player's security activity lists (and e-mails them about). */
export type TwoStepEvent = { type: 'TOTP_ENABLED' | 'TOTP_DISABLED' | 'TOTP_RECOVERY_CODES_REGENERATED'; userId: string; byOperator?: string };

const onTotp = (status: number, t: Text, errorType: string) => new AppError(status, t, errorType, [fieldText('totp', t)]);
export const totpRequired = () => onTotp(401, text(m.fields_totp_required), TOTP_REQUIRED);
export const totpInvalid = () => onTotp(401, text(m.fields_totp_invalid), TOTP_INVALID);
// Same error type (clients treat it alike); the words tell the player the code was right and what to do.
export const totpUsed = () => onTotp(401, text(m.fields_totp_used), TOTP_INVALID);
const notOn = () => AppError.conflict(text(m.api_two_step_not_on), 'TOTP_NOT_ON');
const setupCode = (message: Text, errorType: string) => new AppError(400, message, errorType, [fieldText('code', message)]);

// The secret is sealed to its owner: copied onto another player's row it does not open.
const sealContext = (userId: string) => `totp:${userId}`;

type Row = { secret: string | null; pending: string | null; enabledAt: number | null };

export function createTwoStep(d: TwoStepDeps): TwoStep {
  const { client, cipher } = d;

  async function row(userId: string): Promise<Row | null> {
    const r = await client.execute({ sql: 'SELECT secret, pending_secret, enabled_at FROM user_totp WHERE user_id = ?', args: [userId] });
    const x = r.rows[0];
    if (!x) return null;
    return { secret: x.secret == null ? null : String(x.secret), pending: x.pending_secret == null ? null : String(x.pending_secret), enabledAt: x.enabled_at == null ? null : Number(x.enabled_at) };
  }

  // The sessions of the account other than the one that asked: a change of its protection ends them.
  const endOthers = (userId: string, keep: string | undefined, now: number): InStatement => ({
    sql: `UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL${keep ? ' AND id <> ?' : ''}`,
    args: keep ? [now, userId, keep] : [now, userId],
  });

  const codeRows = (userId: string, codes: string[], now: number): InStatement[] => [
    { sql: 'DELETE FROM totp_recovery_codes WHERE user_id = ?', args: [userId] },
    ...codes.map((c) => ({ sql: 'INSERT INTO totp_recovery_codes (user_id, code_hash, created_at) VALUES (?, ?, ?)', args: [userId, recoveryCodeHash(userId, c), now] })),
  ];

  /** A current code once (its step must be newer than the last one accepted), else an unused recovery code once. */
  async function spend(userId: string, secret: string, code: string): Promise<CodeCheck | 'used' | null> {
    const now = d.now();
    if (isTotpCode(code)) {
      const step = matchingStep(cipher.open(secret, sealContext(userId)), code, now);
      if (step === null) return null;
      // One conditional write: of two requests racing with the same code, only one moves last_step.
      const r = await client.execute({
        sql: 'UPDATE user_totp SET last_step = ? WHERE user_id = ? AND enabled_at IS NOT NULL AND (last_step IS NULL OR last_step < ?)',
        args: [step, userId, step],
      });
      // A right code whose step is not newer than the last accepted one was already spent (or lost a race).
      return r.rowsAffected === 1 ? 'code' : 'used';
    }
    const r = await client.execute({
      sql: 'UPDATE totp_recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL',
      args: [now, userId, recoveryCodeHash(userId, code)],
    });
    return r.rowsAffected === 1 ? 'recovery' : null;
  }

  async function check(userId: string, totp: unknown, on?: boolean): Promise<CodeCheck> {
    if (on === false) return 'off';
    const r = await row(userId);
    if (!r?.enabledAt || !r.secret) return 'off';
    const code = normalizeCode(totp);
    if (!code) throw totpRequired();
    // Counted per account before the check, right or wrong: a guesser gets a handful of tries, not a million.
    await d.countAttempt(userId);
    const how = await spend(userId, r.secret, code);
    if (how === 'used') throw totpUsed();
    if (!how) throw totpInvalid();
    return how;
  }

  /**
   * Two-step on, in one write batch: `claims` (each must change exactly one row, else `conflict`), ten new recovery
   * codes and the end of every other session of the account; after commit their sockets close and the event is told.
   */
  async function turnOn(userId: string, keep: string | undefined, now: number, claims: InStatement[], conflict: () => AppError): Promise<string[]> {
    const codes = newRecoveryCodes();
    await writeClaimed(client, claims, [...codeRows(userId, codes, now), endOthers(userId, keep, now)], conflict);
    d.endSessions?.({ userId, except: keep });
    d.securityEvent?.({ type: 'TOTP_ENABLED', userId });
    return codes.map(formatRecoveryCode);
  }

  return {
    isOn: async (userId) => !!(await row(userId))?.enabledAt,
    check,

    async status(userId) {
      const r = await row(userId);
      const left = await client.execute({ sql: 'SELECT count(*) AS n FROM totp_recovery_codes WHERE user_id = ? AND used_at IS NULL', args: [userId] });
      return { enabled: !!r?.enabledAt, enabledAt: r?.enabledAt ?? null, recoveryCodesLeft: r?.enabledAt ? Number(left.rows[0]?.n ?? 0) : 0 };
    },

    /** A new pending secret each time; the one in use (if any) is untouched until a code from the new one confirms it. */
    async setup(userId, account) {
      const r = await row(userId);
      if (r?.enabledAt) throw AppError.conflict(text(m.api_two_step_on_already_setup), 'TOTP_ALREADY_ON');
      const secret = newTotpSecret();
      await client.execute({
        sql: `INSERT INTO user_totp (user_id, pending_secret, pending_created_at) VALUES (?, ?, ?)
              ON CONFLICT (user_id) DO UPDATE SET pending_secret = excluded.pending_secret, pending_created_at = excluded.pending_created_at`,
        args: [userId, cipher.seal(secret, sealContext(userId)), d.now()],
      });
      const url = otpauthUrl(secret, d.issuer, account);
      return { secret, otpauthUrl: url, qrSvg: await totpQrSvg(url) };
    },

    async enable(userId, input, password, sessionId, from) {
      const code = normalizeCode(input);
      const missing = [
        ...(isTotpCode(code) ? [] : [fieldText('code', text(m.fields_setup_code_required))]),
        ...(typeof password === 'string' && password !== '' ? [] : [fieldText('currentPassword', text(m.fields_current_password_required))]),
      ];
      if (missing.length) throw AppError.invalid(missing);
      // Wrong passwords count as code attempts do: the same per-player limit stops guessing either.
      await d.countAttempt(userId);
      if (!(await isCurrentPassword(client, userId, password as string)))
        throw AppError.invalid([fieldText('currentPassword', text(m.fields_current_password_wrong))]);
      const r = await row(userId);
      if (r?.enabledAt) throw AppError.conflict(text(m.api_two_step_on_already), 'TOTP_ALREADY_ON');
      if (!r?.pending) throw AppError.conflict(text(m.api_two_step_start_first), 'TOTP_NOT_SET_UP');
      const now = d.now();
      const step = matchingStep(cipher.open(r.pending, sealContext(userId)), code, now);
      if (step === null) throw setupCode(text(m.fields_setup_code_invalid), TOTP_INVALID);
      const mailbox = await d.mailProof?.mailboxToProve(userId);
      if (mailbox && d.mailProof) {
        if (!sessionId) throw AppError.unauthorized(text(m.errors_session_expired));
        return { on: false, awaiting: await d.mailProof.park(userId, mailbox, { pending: r.pending, step, sessionId, from: from ?? { device: null, ip: null } }) };
      }
      // Only the secret the code was checked against: a set-up restarted meanwhile in another tab wins nothing.
      const recoveryCodes = await turnOn(userId, sessionId, now, [{
        sql: 'UPDATE user_totp SET secret = pending_secret, pending_secret = NULL, pending_created_at = NULL, enabled_at = ?, last_step = ? WHERE user_id = ? AND enabled_at IS NULL AND pending_secret = ?',
        args: [now, step, userId, r.pending],
      }], () => AppError.conflict(text(m.api_two_step_changed), 'TOTP_NOT_SET_UP'));
      return { on: true, recoveryCodes };
    },

    async confirm(userId, sessionId, token) {
      if (!d.mailProof) throw proofLinkRefused('unknown');
      const state = await d.mailProof.linkState(userId, sessionId, token);
      if (state !== 'live') throw proofLinkRefused(state);
      const now = d.now();
      // Read just before, so a link spent or replaced meanwhile fails the claim and says so.
      return turnOn(userId, sessionId, now, d.mailProof.claim(userId, sessionId, token as string, now), () => proofLinkRefused('used'));
    },

    awaiting: async (userId, sessionId) => (await d.mailProof?.awaiting(userId, sessionId)) ?? null,
    confirmsByMail: async (userId) => !!(await d.mailProof?.mailboxToProve(userId)),
    linkState: async (userId, sessionId, token) => (d.mailProof ? d.mailProof.linkState(userId, sessionId, token) : 'unknown'),

    async resend(userId, sessionId, from) {
      // Counted as a code attempt is: a thief cannot fill the owner's inbox.
      await d.countAttempt(userId);
      if (!d.mailProof) throw AppError.conflict(text(m.api_two_step_nothing_waiting), 'TOTP_NOT_SET_UP');
      return d.mailProof.resend(userId, sessionId, from);
    },

    async disable(userId, totp, sessionId) {
      if (!(await this.isOn(userId))) throw notOn();
      await check(userId, totp);
      await client.batch([
        { sql: 'DELETE FROM totp_recovery_codes WHERE user_id = ?', args: [userId] },
        { sql: 'DELETE FROM user_totp WHERE user_id = ?', args: [userId] },
        endOthers(userId, sessionId, d.now()),
      ], 'write');
      d.endSessions?.({ userId, except: sessionId });
      d.securityEvent?.({ type: 'TOTP_DISABLED', userId });
    },

    async regenerateRecoveryCodes(userId, totp) {
      if (!(await this.isOn(userId))) throw notOn();
      await check(userId, totp);
      const codes = newRecoveryCodes();
      await client.batch(codeRows(userId, codes, d.now()), 'write');
      d.securityEvent?.({ type: 'TOTP_RECOVERY_CODES_REGENERATED', userId });
      return codes.map(formatRecoveryCode);
    },
  };
}
