import type { Client } from '@libsql/client';
import { Elysia, ElysiaCustomStatusResponse, StatusMap } from 'elysia';
import { createHash } from 'node:crypto';
import { DROP_OLD_ANSWERS } from '../../db/idempotency-answers';
import { AppError, fieldText, tryAgainText } from '../lib/app-error';
import { text } from '../i18n/text';
import { m } from '../i18n/paraglide/messages.js';
import type { Logger } from '../lib/logger';
import { enforce, refuseWhileLimited, RATE_RULES, type RateLimiter } from './rate-limit';

export type IdempotencyOptions = {
  now?: () => number;
  /** Answers are kept at least this long (24 h). */
  retentionMs?: number;
  /** A run that has not answered after this long is taken to have died with its process, and may run again. */
  leaseMs?: number;
  /** How long a repeat waits for the first run to answer before a 409. */
  waitMs?: number;
  /** New keys a player may store in 24 hours (IDEMPOTENCY_KEYS_PER_DAY); past it a 429 and the key is not kept. */
  keysPerDay?: number;
  /** Where a route's own rate limit is counted, when it names one (see RateLimitFirst). */
  rateLimiter?: RateLimiter;
  logger?: Logger;
};

/**
 * A route's own rate limit, run before its key is looked at so a limited request stores nothing: `count` counts
 * every request against the rule (freeplay codes); without it the request is only refused while the rule's limit is
 * reached, and the route counts what it wants to (P2P counts refused sends).
 */
export type RateLimitFirst = { rateLimit: keyof typeof RATE_RULES; count?: boolean };

/** What a route handler sees as `idempotency`: null without the header. `ref` suits a ledger externalRef. */
export type IdempotencyClaim = { key: string; ref: string; owned: boolean; replay: Response | null; lockedAt: number; done: boolean };

type Stored = { fingerprint: string; status_code: number | null; response_body: string | null };
const FIELD = 'Idempotency-Key';
const DAY_MS = 24 * 60 * 60 * 1000;
export const KEYS_PER_DAY_DEFAULT = 1000;

/** Key order in a JSON body does not make it a different request. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o).sort().filter((k) => o[k] !== undefined).map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

const fingerprintOf = (method: string, path: string, body: unknown) =>
  createHash('sha256').update(`${method} ${path}\n${canonical(body)}`).digest('hex');

const replayOf = (status: number, body: string) =>
  new Response(body, { status, headers: { 'content-type': 'application/json; charset=utf-8', 'idempotent-replayed': 'true' } });

/** Resolves when `p` settles or after `ms`, leaving no timer behind. */
function waitFor(p: Promise<void> | undefined, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, Math.max(0, ms));
    p?.then(() => {
      clearTimeout(t);
      resolve();
    });
  });
}

/** The answer a route produced, as status and JSON text, whatever form the handler returned it in. */
async function answerOf(value: unknown, setStatus: unknown): Promise<{ status: number; body: string }> {
  if (value instanceof Response) return { status: value.status, body: await value.clone().text() };
  if (value instanceof ElysiaCustomStatusResponse) return { status: Number(value.code), body: JSON.stringify(value.response) };
  const status = typeof setStatus === 'number' ? setStatus : (StatusMap[setStatus as keyof typeof StatusMap] ?? 200);
  return { status, body: JSON.stringify(value ?? null) };
}

/**
 * `idempotent: true` on an authenticated route honours the `Idempotency-Key` header: the first request with a key
 * runs and its answer is kept; a repeat with the same body (same player, same path) gets that answer again; the
 * same key with a different body is a 422, then and after the answer is dropped (24 h). A repeat that arrives while
 * the first still runs waits for its answer, so the handler never runs twice at once. 5xx and 429 answers are not
 * kept: the same request can be retried.
 * Handlers that move money should pass `idempotency.ref` as the ledger's externalRef, so that even a run retried
 * after a crash (see leaseMs) cannot move the money twice.
 */
export function idempotencyPlugin(client: Client, opts: IdempotencyOptions = {}) {
  const now = opts.now ?? Date.now;
  const retentionMs = opts.retentionMs ?? DAY_MS;
  const leaseMs = opts.leaseMs ?? 120_000;
  const waitMs = opts.waitMs ?? 10_000;
  const keysPerDay = opts.keysPerDay ?? KEYS_PER_DAY_DEFAULT;
  const running = new Map<string, { done: Promise<void>; finish: () => void }>();
  let nextPrune = 0;

  // A key stays bound to its request after its answer is dropped: the money paths' references (ledger, deposits,
  // game orders) outlive the answer, so a later request reusing the key would otherwise be answered from the first
  // one's movement. The same request may run again (its references make it move nothing twice); another is a 422.
  // A key the player has not used before is stored only while their new keys of the last 24 hours are fewer than
  // keysPerDay: the count and the insert are one statement, so keys sent at once cannot pass the bound together.
  async function claim(userId: string, key: string, fingerprint: string, at: number): Promise<boolean> {
    const r = await client.execute({
      sql: `INSERT INTO idempotency_keys (user_id, key, fingerprint, status_code, response_body, created_at, locked_at, first_used_at)
            SELECT ?1, ?2, ?3, NULL, NULL, ?4, ?4, ?4
            WHERE EXISTS (SELECT 1 FROM idempotency_keys WHERE user_id = ?1 AND key = ?2)
              OR (SELECT count(*) FROM idempotency_keys WHERE user_id = ?1 AND first_used_at > ?7) < ?8
            ON CONFLICT (user_id, key) DO UPDATE SET status_code = NULL, response_body = NULL,
              created_at = excluded.created_at, locked_at = excluded.locked_at
            WHERE idempotency_keys.fingerprint = ?3
              AND (idempotency_keys.created_at < ?5 OR (idempotency_keys.status_code IS NULL AND idempotency_keys.locked_at < ?6))`,
      args: [userId, key, fingerprint, at, at - retentionMs, at - leaseMs, at - DAY_MS, keysPerDay],
    });
    return r.rowsAffected === 1;
  }

  /** The refusal of a new key past keysPerDay, with when the oldest of the day's keys stops counting. */
  async function tooManyKeys(userId: string, at: number): Promise<AppError> {
    const r = await client.execute({
      sql: 'SELECT first_used_at FROM idempotency_keys WHERE user_id = ? AND first_used_at > ? ORDER BY first_used_at LIMIT 1',
      args: [userId, at - DAY_MS],
    });
    const oldest = r.rows[0] ? Number(r.rows[0].first_used_at) : at;
    const seconds = Math.max(1, Math.ceil((oldest + DAY_MS - at) / 1000));
    const most = keysPerDay.toLocaleString('en-US');
    return new AppError(429, text(m.api_idempotency_keys, { most, wait: tryAgainText(seconds) }),
      'IDEMPOTENCY_KEYS_LIMIT', [fieldText(FIELD, text(m.api_idempotency_keys_field, { most }))], { 'retry-after': String(seconds) });
  }

  async function stored(userId: string, key: string): Promise<Stored | null> {
    const r = await client.execute({ sql: 'SELECT fingerprint, status_code, response_body FROM idempotency_keys WHERE user_id = ? AND key = ?', args: [userId, key] });
    const row = r.rows[0];
    return row ? { fingerprint: String(row.fingerprint), status_code: row.status_code == null ? null : Number(row.status_code), response_body: row.response_body == null ? null : String(row.response_body) } : null;
  }

  function prune(at: number) {
    if (at < nextPrune) return;
    nextPrune = at + 60_000;
    client.execute({ sql: DROP_OLD_ANSWERS, args: [at - retentionMs] }).catch(() => opts.logger?.error('idempotency prune failed'));
  }

  /** Claims the key, or returns the kept answer, waiting for a run in progress. */
  async function resolveKey(userId: string, key: string, fingerprint: string): Promise<IdempotencyClaim> {
    // Hashed so any key fits the ledger's externalRef; unique per player and key.
    const ref = `idem:${createHash('sha256').update(`${userId}\n${key}`).digest('hex')}`;
    // Waiting is measured on the real clock; `now` (injectable) only dates rows.
    const deadline = performance.now() + waitMs;
    for (;;) {
      const at = now();
      if (await claim(userId, key, fingerprint, at)) {
        let finish = () => {};
        const done = new Promise<void>((r) => (finish = r));
        running.set(`${userId}\n${key}`, { done, finish });
        prune(at);
        return { key, ref, owned: true, replay: null, lockedAt: at, done: false };
      }
      const row = await stored(userId, key);
      // Not stored and not claimed: a new key past the day's bound. Nothing was written; the request does not run.
      if (!row) throw await tooManyKeys(userId, at);
      if (row.fingerprint !== fingerprint) {
        const message = text(m.api_idempotency_mismatch);
        throw new AppError(422, message, 'IDEMPOTENCY_MISMATCH', [fieldText(FIELD, message)]);
      }
      if (row.status_code != null && row.response_body != null) return { key, ref, owned: false, replay: replayOf(row.status_code, row.response_body ?? 'null'), lockedAt: 0, done: true };
      if (performance.now() >= deadline)
        throw AppError.conflict(text(m.api_idempotency_in_flight), 'IDEMPOTENCY_IN_FLIGHT');
      // Still running: here (wait for it) or in another process (poll).
      const local = running.get(`${userId}\n${key}`);
      await waitFor(local?.done, local ? deadline - performance.now() : 25);
    }
  }

  /** Keeps the answer, or lets the key go when the answer should not be replayed. Only the owning run's row. */
  async function settle(userId: string, c: IdempotencyClaim, answer: { status: number; body: string } | null) {
    if (c.done) return;
    c.done = true;
    try {
      if (!answer || answer.status >= 500 || answer.status === 429)
        // Its lease ends now: the same request can be retried at once, and the key stays bound to it.
        await client.execute({ sql: 'UPDATE idempotency_keys SET locked_at = 0 WHERE user_id = ? AND key = ? AND locked_at = ? AND status_code IS NULL', args: [userId, c.key, c.lockedAt] });
      else
        await client.execute({
          sql: 'UPDATE idempotency_keys SET status_code = ?, response_body = ? WHERE user_id = ? AND key = ? AND locked_at = ? AND status_code IS NULL',
          args: [answer.status, answer.body, userId, c.key, c.lockedAt],
        });
    } catch {
      opts.logger?.error('idempotency store failed');
    } finally {
      const k = `${userId}\n${c.key}`;
      running.get(k)?.finish();
      running.delete(k);
    }
  }

  /** The route's own rate limit, before anything about its key: a limited request stores nothing. */
  async function limitFirst(first: RateLimitFirst | null, userId: string) {
    if (!first) return;
    if (!opts.rateLimiter) throw new Error('idempotent routes with a rate limit need the rate limiter');
    if (first.count) await enforce(opts.rateLimiter, first.rateLimit, userId);
    else await refuseWhileLimited(opts.rateLimiter, first.rateLimit, userId);
  }

  type Ctx = { request: Request; body: unknown; player?: { userId: string }; idempotency?: IdempotencyClaim | null; set: { status?: unknown } };
  return new Elysia({ name: 'idempotency' }).macro({
    // `idempotent: true`, or `idempotent: { rateLimit, count }` for a route with a rate limit of its own.
    idempotent: (option: true | RateLimitFirst) => ({
      auth: true,
      async resolve(ctx) {
        const { request, body, player } = ctx as unknown as Ctx;
        if (player) await limitFirst(option === true ? null : option, player.userId);
        const key = request.headers.get(FIELD);
        if (key === null) return { idempotency: null as IdempotencyClaim | null };
        if (!player) throw new Error('idempotent routes need auth: true');
        if (key.length === 0 || key.length > 255)
          throw AppError.invalid([fieldText(FIELD, text(m.api_idempotency_key_length))]);
        const url = new URL(request.url);
        const claimed = await resolveKey(player.userId, key, fingerprintOf(request.method, url.pathname + url.search, body));
        return { idempotency: claimed as IdempotencyClaim | null };
      },
      beforeHandle(ctx) {
        const c = (ctx as unknown as Ctx).idempotency;
        if (c?.replay) return c.replay;
      },
      async mapResponse(ctx) {
        const { idempotency: c, player, set } = ctx as unknown as Ctx;
        if (!c?.owned || c.done || !player) return;
        await settle(player.userId, c, await answerOf((ctx as unknown as { responseValue: unknown }).responseValue, set.status));
      },
      // A safety net: if no answer was mapped (the connection went away), let the key go rather than hold it.
      async afterResponse(ctx) {
        const { idempotency: c, player } = ctx as unknown as Ctx;
        if (c?.owned && !c.done && player) await settle(player.userId, c, null);
      },
    }),
  });
}
export type IdempotencyPlugin = ReturnType<typeof idempotencyPlugin>;
