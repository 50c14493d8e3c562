import type { Client, Row } from '@libsql/client';
import type { CredentialCipher } from '../../lib/credential-cipher';
import { reasonEnglish } from '../notices/reasons';
import { userNamePrefix, type GameProvider, type NewAccount, type ProviderOutcome } from './game-provider.port';

export type TaskKind = 'create_account' | 'load' | 'redeem' | 'set_password';
export type GameTask = {
  id: string; ref: string; kind: TaskKind; gameId: string; userName: string; amountCents: number | null;
  status: 'open' | 'done' | 'failed'; confirmedCents: number | null; note: string | null; createdAt: number; completedAt: number | null;
};

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const randomText = (n: number) => [...crypto.getRandomValues(new Uint8Array(n))].map((b) => ALPHABET[b % ALPHABET.length]).join('');
const secretContext = (ref: string) => `task:${ref}`;

export const rowToTask = (r: Row): GameTask => ({
  id: String(r.id), ref: String(r.ref), kind: String(r.kind) as TaskKind, gameId: String(r.game_id), userName: String(r.user_name),
  amountCents: r.amount_cents == null ? null : Number(r.amount_cents), status: String(r.status) as GameTask['status'],
  confirmedCents: r.confirmed_cents == null ? null : Number(r.confirmed_cents), note: r.note == null ? null : String(r.note),
  createdAt: Number(r.created_at), completedAt: r.completed_at == null ? null : Number(r.completed_at),
});

const TASK_COLUMNS = 'id, ref, kind, game_id, user_name, amount_cents, status, confirmed_cents, note, created_at, completed_at';

/**
 * The operator-assisted provider: every call becomes a task in game_tasks, done by hand in the game's back office
 * and then marked done or failed (the operator console, or `coinreel games tasks` / `npm run games:tasks`). Calls answer `pending`; the
 * outcome reaches the order through `lookup(ref)` when the operator completes the task.
 */
export type ManualProvider = GameProvider & {
  /** The password an account or reset task asks the operator to set (shown to the operator only). */
  secretFor(ref: string): Promise<string | null>;
};

export function createManualProvider(client: Client, cipher: CredentialCipher, now: () => number = Date.now): ManualProvider {
  async function byRef(ref: string): Promise<(GameTask & { secretEnc: string | null }) | null> {
    const r = await client.execute({ sql: `SELECT ${TASK_COLUMNS}, secret_enc FROM game_tasks WHERE ref = ?`, args: [ref] });
    const row = r.rows[0];
    return row ? { ...rowToTask(row), secretEnc: row.secret_enc == null ? null : String(row.secret_enc) } : null;
  }

  /** Opens the task once per reference; a repeat of the same call finds the task it already opened. */
  async function open(t: { ref: string; kind: TaskKind; gameId: string; userName: string; amountCents?: number; secret?: string }) {
    await client.execute({
      sql: `INSERT INTO game_tasks (id, ref, kind, game_id, user_name, amount_cents, secret_enc, status, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, 'open', ?) ON CONFLICT (ref) DO NOTHING`,
      args: [Bun.randomUUIDv7(), t.ref, t.kind, t.gameId, t.userName, t.amountCents ?? null, t.secret === undefined ? null : cipher.seal(t.secret, secretContext(t.ref)), now()],
    });
    return outcomeOf((await byRef(t.ref))!);
  }

  function outcomeOf(t: GameTask): ProviderOutcome {
    if (t.status === 'open') return { status: 'pending' };
    if (t.status === 'failed') return { status: 'failed', reason: t.note ?? reasonEnglish('api_reason_game_operator_failed') };
    return { status: 'done', ...(t.amountCents !== null && { amountCents: t.confirmedCents ?? t.amountCents }) };
  }

  const secretOf = (t: GameTask & { secretEnc?: string | null }) => (t.secretEnc ? cipher.open(t.secretEnc, secretContext(t.ref)) : null);

  return {
    name: 'manual',
    async secretFor(ref) {
      const t = await byRef(ref);
      return t ? secretOf(t) : null;
    },
    async createAccount(req): Promise<NewAccount> {
      const existing = await byRef(req.ref);
      const userName = existing?.userName ?? `${userNamePrefix(req.gameId)}${req.playerId}`;
      const password = existing ? secretOf(existing)! : randomText(8);
      const o = existing ? outcomeOf(existing) : await open({ ref: req.ref, kind: 'create_account', gameId: req.gameId, userName, secret: password });
      if (o.status === 'failed') return o;
      return { status: o.status, userName, password };
    },
    setPassword: (req) => open({ ref: req.ref, kind: 'set_password', gameId: req.gameId, userName: req.userName, secret: req.password }),
    load: (m) => open({ ref: m.ref, kind: 'load', gameId: m.gameId, userName: m.userName, amountCents: m.amountCents }),
    redeem: (m) => open({ ref: m.ref, kind: 'redeem', gameId: m.gameId, userName: m.userName, amountCents: m.amountCents }),
    // A back office read by hand cannot answer a balance on demand.
    balance: async () => null,
    async lookup(ref) {
      const t = await byRef(ref);
      return t ? outcomeOf(t) : { status: 'failed', reason: reasonEnglish('api_reason_game_no_record') };
    },
  };
}

/** The operator's word on a task; a task is completed once. Returns the task as it now stands, or null. */
export async function markTask(client: Client, id: string, done: boolean, opts: { confirmedCents?: number; note?: string } = {}, at = Date.now()): Promise<GameTask | null> {
  await client.execute({
    sql: `UPDATE game_tasks SET status = ?, confirmed_cents = ?, note = ?, completed_at = ? WHERE id = ? AND status = 'open'`,
    args: [done ? 'done' : 'failed', opts.confirmedCents ?? null, opts.note ?? null, at, id],
  });
  const r = await client.execute({ sql: `SELECT ${TASK_COLUMNS} FROM game_tasks WHERE id = ?`, args: [id] });
  return r.rows[0] ? rowToTask(r.rows[0]) : null;
}

export async function listTasks(client: Client, status: 'open' | 'all' = 'open'): Promise<GameTask[]> {
  const r = await client.execute({
    sql: `SELECT ${TASK_COLUMNS} FROM game_tasks ${status === 'open' ? "WHERE status = 'open'" : ''} ORDER BY created_at, id LIMIT 500`,
    args: [],
  });
  return r.rows.map(rowToTask);
}
