import type { Client } from '@libsql/client';
import { createHash } from 'node:crypto';
import { reasonEnglish } from '../notices/reasons';
import { userNamePrefix, type AccountRequest, type GameProvider, type MoneyRequest, type NewAccount, type PasswordRequest, type ProviderOutcome } from './game-provider.port';

type Call = 'createAccount' | 'setPassword' | 'load' | 'redeem';

/**
 * The embedded stand-in for a game vendor: accounts and in-game balances in the sandbox_* tables, answering at
 * once. Tests steer it: `failNext` makes the next call of a kind fail, `delayNext` applies the call and then
 * holds the answer back (a timeout whose call did land). `play` is the dashboard's Play a round.
 */
export type SandboxProvider = GameProvider & {
  failNext(call: Call, reason?: string): void;
  delayNext(call: Call, ms: number): void;
  /** Wins or loses a few credits inside the game (never below zero); the new balance in cents. */
  play(gameId: string, userName: string): Promise<{ deltaCents: number; balanceCents: number } | null>;
};

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const randomText = (n: number) => [...crypto.getRandomValues(new Uint8Array(n))].map((b) => ALPHABET[b % ALPHABET.length]).join('');
const hashOf = (password: string) => createHash('sha256').update(password).digest('hex');
const isUnique = (e: unknown) => e instanceof Error && e.message.includes('UNIQUE constraint failed');
const isNegative = (e: unknown) => e instanceof Error && e.message.includes('sandbox_balance_nonnegative');

export function createSandboxProvider(client: Client, opts: { random?: () => number; now?: () => number } = {}): SandboxProvider {
  const random = opts.random ?? Math.random;
  const now = opts.now ?? Date.now;
  const failures = new Map<Call, string>();
  const delays = new Map<Call, number>();

  /** A steered failure for this call, if a test asked for one. */
  function failure(call: Call): ProviderOutcome | null {
    const reason = failures.get(call);
    if (reason === undefined) return null;
    failures.delete(call);
    return { status: 'failed', reason };
  }
  async function answer<T>(call: Call, value: T): Promise<T> {
    const ms = delays.get(call);
    if (ms !== undefined) {
      delays.delete(call);
      await Bun.sleep(ms);
    }
    return value;
  }

  async function recorded(ref: string): Promise<{ kind: string; amountCents: number; userName: string } | null> {
    const r = await client.execute({ sql: 'SELECT kind, amount_cents, user_name FROM sandbox_game_calls WHERE ref = ?', args: [ref] });
    const row = r.rows[0];
    return row ? { kind: String(row.kind), amountCents: Number(row.amount_cents), userName: String(row.user_name) } : null;
  }

  /** One money call: the call's record and the balance change commit together, or neither does. */
  async function move(kind: 'load' | 'redeem', m: MoneyRequest): Promise<ProviderOutcome> {
    const steered = failure(kind);
    if (steered) return answer(kind, steered);
    const sign = kind === 'load' ? 1 : -1;
    try {
      const [, upd] = await client.batch(
        [
          { sql: 'INSERT INTO sandbox_game_calls (ref, kind, game_id, user_name, amount_cents, created_at) VALUES (?, ?, ?, ?, ?, ?)', args: [m.ref, kind, m.gameId, m.userName, m.amountCents, now()] },
          { sql: 'UPDATE sandbox_game_accounts SET balance_cents = balance_cents + ? WHERE game_id = ? AND user_name = ?', args: [sign * m.amountCents, m.gameId, m.userName] },
        ],
        'write',
      );
      // No such account: take the call's record back out, so a lookup says it never happened.
      if (upd!.rowsAffected !== 1) {
        await client.execute({ sql: 'DELETE FROM sandbox_game_calls WHERE ref = ?', args: [m.ref] });
        return answer(kind, { status: 'failed', reason: reasonEnglish('api_reason_game_account_not_found') });
      }
    } catch (e) {
      if (isUnique(e)) return answer(kind, await lookup(m.ref));
      if (isNegative(e)) return answer(kind, { status: 'failed', reason: reasonEnglish('api_reason_game_not_enough') });
      throw e;
    }
    return answer(kind, { status: 'done', amountCents: m.amountCents });
  }

  async function lookup(ref: string): Promise<ProviderOutcome> {
    const r = await recorded(ref);
    // The vendor never saw the call (it is looked up only after its own answer was due): nothing was moved.
    if (!r) return { status: 'failed', reason: reasonEnglish('api_reason_game_no_record') };
    return { status: 'done', ...(r.kind === 'load' || r.kind === 'redeem' ? { amountCents: r.amountCents } : {}) };
  }

  async function createAccount(req: AccountRequest): Promise<NewAccount> {
    const steered = failure('createAccount');
    if (steered?.status === 'failed') return answer('createAccount', steered);
    const earlier = await recorded(req.ref);
    const password = randomText(8);
    if (earlier) {
      // A retry of a creation whose answer was lost: same account, a fresh password set on it.
      await client.execute({ sql: 'UPDATE sandbox_game_accounts SET password_hash = ? WHERE game_id = ? AND user_name = ?', args: [hashOf(password), req.gameId, earlier.userName] });
      return answer('createAccount', { status: 'done', userName: earlier.userName, password });
    }
    const prefix = userNamePrefix(req.gameId);
    for (let attempt = 0; attempt < 5; attempt++) {
      const userName = attempt === 0 ? `${prefix}${req.playerId}` : `${prefix}${req.playerId}${randomText(3)}`;
      try {
        await client.batch(
          [
            { sql: 'INSERT INTO sandbox_game_calls (ref, kind, game_id, user_name, amount_cents, created_at) VALUES (?, ?, ?, ?, 0, ?)', args: [req.ref, 'create', req.gameId, userName, now()] },
            { sql: 'INSERT INTO sandbox_game_accounts (game_id, user_name, password_hash, balance_cents, created_at) VALUES (?, ?, ?, 0, ?)', args: [req.gameId, userName, hashOf(password), now()] },
          ],
          'write',
        );
        return answer('createAccount', { status: 'done', userName, password });
      } catch (e) {
        if (!isUnique(e)) throw e;
        if (await recorded(req.ref)) return createAccount(req);
      }
    }
    return { status: 'failed', reason: reasonEnglish('api_reason_game_no_user_name') };
  }

  return {
    name: 'sandbox',
    createAccount,
    async setPassword(req: PasswordRequest) {
      const steered = failure('setPassword');
      if (steered) return answer('setPassword', steered);
      const [r] = await client.batch(
        [
          { sql: 'UPDATE sandbox_game_accounts SET password_hash = ? WHERE game_id = ? AND user_name = ?', args: [hashOf(req.password), req.gameId, req.userName] },
          // Recorded only when it applied, so lookup(ref) tells the truth about it.
          { sql: "INSERT OR IGNORE INTO sandbox_game_calls (ref, kind, game_id, user_name, amount_cents, created_at) SELECT ?, 'password', ?, ?, 0, ? WHERE changes() = 1", args: [req.ref, req.gameId, req.userName, now()] },
        ],
        'write',
      );
      return answer('setPassword', r!.rowsAffected === 1 ? { status: 'done' } : { status: 'failed', reason: reasonEnglish('api_reason_game_account_not_found') });
    },
    load: (m) => move('load', m),
    redeem: (m) => move('redeem', m),
    async balance(gameId, userName) {
      const r = await client.execute({ sql: 'SELECT balance_cents FROM sandbox_game_accounts WHERE game_id = ? AND user_name = ?', args: [gameId, userName] });
      return r.rows[0] ? Number(r.rows[0].balance_cents) : null;
    },
    lookup,
    failNext: (call, reason = reasonEnglish('api_reason_game_unavailable')) => void failures.set(call, reason),
    delayNext: (call, ms) => void delays.set(call, ms),
    async play(gameId, userName) {
      // A round: lose up to $2 or win up to $5, in whole cents, never below zero.
      const before = await this.balance(gameId, userName);
      if (before === null) return null;
      const deltaCents = Math.max(-before, Math.round(-200 + random() * 700));
      const r = await client.execute({
        sql: 'UPDATE sandbox_game_accounts SET balance_cents = max(0, balance_cents + ?) WHERE game_id = ? AND user_name = ? RETURNING balance_cents',
        args: [deltaCents, gameId, userName],
      });
      return { deltaCents, balanceCents: Number(r.rows[0]?.balance_cents ?? 0) };
    },
  };
}
