import type { Client } from '@libsql/client';
import { beforeEach, describe, expect, test } from 'bun:test';
import { Elysia, status } from 'elysia';
import { ledgerDb } from '../../tests/helpers/ledger-db';
import { AppError } from '../lib/app-error';
import { createLogger } from '../lib/logger';
import { createLedger } from '../services/ledger/ledger';
import { systemId, walletId, type Ledger } from '../services/ledger/ledger.types';
import type { SignedIn } from '../services/auth/viewer';
import { errorsPlugin } from './errors';
import { idempotencyPlugin, type IdempotencyOptions } from './idempotency';
import { createMemoryRateLimiter } from './rate-limit';
import { sessionPlugin } from './session';

const DAY = 24 * 60 * 60 * 1000;
const player = (userId: string): SignedIn => ({ sessionId: `s-${userId}`, via: 'bearer', userId, playerId: 1, email: `${userId}@x.co`, name: null, walletCents: 0 });

let client: Client;
let ledger: Ledger;
let clock: number;
let runs: number;
let behaviour: 'ok' | 'conflict' | 'crash' | 'slow';

beforeEach(async () => {
  ({ client } = await ledgerDb());
  ledger = createLedger(client);
  clock = Date.UTC(2030, 0, 1);
  runs = 0;
  behaviour = 'ok';
});

/** A small app shaped like a money route: auth, idempotent, moves credits through the ledger. */
function app(opts: IdempotencyOptions = {}) {
  opts = { rateLimiter: createMemoryRateLimiter(() => clock), ...opts };
  const session = sessionPlugin(async (req) => {
    const t = req.headers.get('authorization')?.slice(7);
    return t ? player(t) : null;
  });
  return new Elysia()
    .use(errorsPlugin(createLogger(true)))
    .use(session)
    .use(idempotencyPlugin(client, { now: () => clock, ...opts }))
    .post('/api/pay', async ({ body, player, idempotency }) => {
      runs++;
      if (behaviour === 'slow') await Bun.sleep(40);
      if (behaviour === 'conflict') throw AppError.conflict('Insufficient balance', 'INSUFFICIENT_FUNDS');
      if (behaviour === 'crash') throw new Error('boom');
      const cents = Number((body as { cents: number }).cents);
      const t = await ledger.transfer({ debit: systemId('promotions'), credit: walletId(player.userId), amountCents: cents, code: 'TEST', externalRef: idempotency?.ref });
      return { success: true, run: runs, transferId: t.id };
    }, { auth: true, idempotent: true })
    .post('/api/other', () => status(201, { success: true, run: ++runs }), { idempotent: true, auth: true })
    // Shaped like the freeplay route (every try counts) and the P2P send (refused only while the limit is reached).
    .post('/api/guess', () => ({ success: true, run: ++runs }), { auth: true, idempotent: { rateLimit: 'freeplayPerUser', count: true } })
    .post('/api/send', () => ({ success: true, run: ++runs }), { auth: true, idempotent: { rateLimit: 'recipientLookupPerUser' } })
    .post('/api/implied', ({ player }) => ({ user: player.userId }), { idempotent: true });
}

async function send(a: ReturnType<typeof app>, body: unknown, headers: Record<string, string> = {}, path = '/api/pay', user = 'alice') {
  const res = await a.handle(new Request(`http://localhost:3000${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user}`, ...headers },
    body: JSON.stringify(body),
  }));
  return { status: res.status, json: await res.json(), replayed: res.headers.get('idempotent-replayed') === 'true' };
}
const key = (k: string) => ({ 'idempotency-key': k });
const wallet = async (u = 'alice') => (await ledger.balance(walletId(u))).availableCents;

describe('Idempotency-Key', () => {
  test('without the header every request runs', async () => {
    const a = app();
    await send(a, { cents: 100 });
    await send(a, { cents: 100 });
    expect([runs, await wallet()]).toEqual([2, 200]);
  });

  test('the same key and body replays the first answer, whatever the order of the body keys', async () => {
    const a = app();
    const first = await send(a, { cents: 100, note: 'x' }, key('k-1'));
    const again = await send(a, { note: 'x', cents: 100 }, key('k-1'));
    expect(first).toMatchObject({ status: 200, replayed: false });
    expect(again).toEqual({ ...first, replayed: true });
    expect([runs, await wallet()]).toEqual([1, 100]);
    const other = await send(a, {}, key('k-1'), '/api/other');
    expect([other.status, other.json.errorType]).toEqual([422, 'IDEMPOTENCY_MISMATCH']);
  });

  test('the same key with a different body is a 422 in the envelope and runs nothing', async () => {
    const a = app();
    await send(a, { cents: 100 }, key('k-2'));
    const r = await send(a, { cents: 900 }, key('k-2'));
    expect(r.status).toBe(422);
    expect(r.json).toEqual({
      success: false,
      message: 'This Idempotency-Key was already used for a different request.',
      errorType: 'IDEMPOTENCY_MISMATCH',
      errors: [{ field: 'Idempotency-Key', message: 'This Idempotency-Key was already used for a different request.' }],
    });
    expect([runs, await wallet()]).toEqual([1, 100]);
  });

  test("keys belong to one player: another player's identical key runs on its own", async () => {
    const a = app();
    await send(a, { cents: 100 }, key('shared'));
    const bob = await send(a, { cents: 100 }, key('shared'), '/api/pay', 'bob');
    expect([bob.status, bob.replayed, runs, await wallet('bob')]).toEqual([200, false, 2, 100]);
  });

  test('repeats that arrive while the first is running wait for it: the handler runs once', async () => {
    const a = app();
    behaviour = 'slow';
    const answers = await Promise.all(Array.from({ length: 8 }, () => send(a, { cents: 100 }, key('k-race'))));
    expect(runs).toBe(1);
    expect(new Set(answers.map((r) => JSON.stringify(r.json))).size).toBe(1);
    expect(answers.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await wallet()).toBe(100);
  });

  test('a 4xx answer is kept and replayed; a 5xx answer is not, so the key can be retried', async () => {
    const a = app();
    behaviour = 'conflict';
    expect((await send(a, { cents: 100 }, key('k-4xx'))).status).toBe(409);
    behaviour = 'ok';
    const again = await send(a, { cents: 100 }, key('k-4xx'));
    expect([again.status, again.json.errorType, again.replayed, runs]).toEqual([409, 'INSUFFICIENT_FUNDS', true, 1]);

    behaviour = 'crash';
    expect((await send(a, { cents: 100 }, key('k-5xx'))).status).toBe(500);
    behaviour = 'ok';
    // The key stays bound to the request that failed: another body is refused, the same one runs again.
    expect((await send(a, { cents: 900 }, key('k-5xx'))).status).toBe(422);
    const retried = await send(a, { cents: 100 }, key('k-5xx'));
    expect([retried.status, retried.replayed, runs, await wallet()]).toEqual([200, false, 3, 100]);
  });

  test('idempotent implies auth: no session is a 401 and nothing is claimed', async () => {
    const a = app();
    const res = await a.handle(new Request('http://localhost:3000/api/implied', { method: 'POST', headers: key('k-anon') }));
    expect(res.status).toBe(401);
    expect((await send(a, {}, key('k-anon'), '/api/implied')).json).toEqual({ user: 'alice' });
    expect(Number((await client.execute('SELECT count(*) FROM idempotency_keys')).rows[0]![0])).toBe(1);
  });

  test('the status set by the handler is replayed with the body', async () => {
    const a = app();
    const first = await send(a, {}, key('k-201'), '/api/other');
    const again = await send(a, {}, key('k-201'), '/api/other');
    expect([first.status, again.status, again.json, again.replayed]).toEqual([201, 201, { success: true, run: 1 }, true]);
  });

  test('an empty key or one longer than 255 characters is a 400; 255 is fine', async () => {
    const a = app();
    for (const k of ['', 'k'.repeat(256)]) {
      const r = await send(a, { cents: 100 }, key(k));
      expect([r.status, r.json.errors]).toEqual([400, [{ field: 'Idempotency-Key', message: 'Idempotency-Key must be 1 to 255 characters.' }]]);
    }
    expect((await send(a, { cents: 100 }, key('k'.repeat(255)))).status).toBe(200);
    expect(runs).toBe(1);
  });

  test('answers are kept for 24 hours, then dropped: the same request runs again and moves nothing twice', async () => {
    const a = app();
    await send(a, { cents: 100 }, key('k-day'));
    clock += DAY - 1;
    expect((await send(a, { cents: 100 }, key('k-day'))).replayed).toBe(true);
    await send(a, { cents: 5 }, key('k-other'));
    clock += 2 * DAY;
    // A new run, but the ledger still refuses to move the same money twice (same ref).
    const late = await send(a, { cents: 100 }, key('k-day'));
    expect([late.replayed, runs, await wallet()]).toEqual([false, 3, 105]);
    await Bun.sleep(20); // pruning runs beside the request
    const rows = (await client.execute('SELECT key, response_body IS NOT NULL AS answered FROM idempotency_keys ORDER BY key')).rows;
    expect(rows.map((r) => [r.key, Number(r.answered)])).toEqual([['k-day', 1], ['k-other', 0]]);
  });

  test('after its answer is dropped, a key is still refused for a different request: nothing runs, nothing moves', async () => {
    const a = app();
    await send(a, { cents: 100 }, key('k-reused'));
    clock += 3 * DAY;
    await send(a, { cents: 1 }, key('k-prune')); // drops k-reused's answer
    await Bun.sleep(20);
    const answered = await client.execute("SELECT response_body FROM idempotency_keys WHERE key = 'k-reused'");
    expect(answered.rows[0]!.response_body).toBeNull();
    const reused = await send(a, { cents: 700 }, key('k-reused'));
    expect([reused.status, reused.json.errorType, runs, await wallet()]).toEqual([422, 'IDEMPOTENCY_MISMATCH', 2, 101]);
    // Another path is another request too.
    expect((await send(a, {}, key('k-reused'), '/api/other')).status).toBe(422);
  });

  test('a run that died mid-request (process killed) is retried after its lease, without moving money twice', async () => {
    const a = app({ leaseMs: 60_000 });
    // The first run moved the money, then its process died before the answer was kept.
    const firstTransfer = (await send(app(), { cents: 100 }, key('k-lease'))).json.transferId;
    await client.execute("UPDATE idempotency_keys SET status_code = NULL, response_body = NULL WHERE key = 'k-lease'");
    const waiting = await send(app({ waitMs: 30 }), { cents: 100 }, key('k-lease'));
    expect([waiting.status, waiting.json.errorType]).toEqual([409, 'IDEMPOTENCY_IN_FLIGHT']);
    expect((await send(a, { cents: 999 }, key('k-lease'))).status).toBe(422);
    clock += 60_001;
    const retried = await send(a, { cents: 100 }, key('k-lease'));
    expect([retried.status, retried.json.transferId, await wallet()]).toEqual([200, firstTransfer, 100]);
    expect((await send(a, { cents: 100 }, key('k-lease'))).replayed).toBe(true);
  });
});

const keyRows = async (user = 'alice') => Number((await client.execute({ sql: 'SELECT count(*) AS n FROM idempotency_keys WHERE user_id = ?', args: [user] })).rows[0]!.n);
const stored = async (k: string) => (await client.execute({ sql: 'SELECT 1 FROM idempotency_keys WHERE key = ?', args: [k] })).rows.length === 1;

describe('a route\'s own rate limit runs before its key is stored', () => {
  test('counted on every try: the 21st keyed try is a 429 and stores no key; without a key it is refused the same', async () => {
    const a = app();
    for (let i = 0; i < 20; i++) expect((await send(a, {}, key(`guess-${i}`), '/api/guess')).status).toBe(200);
    expect(await keyRows()).toBe(20);
    const limited = await send(a, {}, key('guess-20'), '/api/guess');
    expect([limited.status, limited.json.errorType]).toEqual([429, 'RATE_LIMITED']);
    expect(await stored('guess-20')).toBe(false);
    expect((await send(a, {}, {}, '/api/guess')).status).toBe(429);
    expect([await keyRows(), runs]).toEqual([20, 20]);
    // Once the window has passed, the same key is taken as new.
    clock += 15 * 60_000;
    expect((await send(a, {}, key('guess-20'), '/api/guess')).status).toBe(200);
    expect(await stored('guess-20')).toBe(true);
  });

  test('refused while limited, counted by the route itself: a limited request stores no key and does not run', async () => {
    const limiter = createMemoryRateLimiter(() => clock);
    const a = app({ rateLimiter: limiter });
    expect((await send(a, {}, key('send-0'), '/api/send')).status).toBe(200);
    // The route counts what it wants to (P2P: refused sends); the check before the key only looks.
    for (let i = 0; i < 20; i++) await limiter.hit('recipientLookupPerUser:alice', { limit: 20, windowSeconds: 900 });
    const limited = await send(a, {}, key('send-1'), '/api/send');
    expect(limited.status).toBe(429);
    expect([await stored('send-1'), await keyRows(), runs]).toEqual([false, 1, 1]);
    // Another player is not held up.
    expect((await send(a, {}, key('send-1'), '/api/send', 'bob')).status).toBe(200);
  });
});

describe('a player\'s new keys are bounded: 1,000 in 24 hours by default', () => {
  // Keys stored before the test's requests, as the route would have (first_used_at set), to reach the bound quickly.
  async function used(n: number, at: number, user = 'alice') {
    for (let i = 0; i < n; i += 200)
      await client.batch(Array.from({ length: Math.min(200, n - i) }, (_, j) => ({
        sql: 'INSERT INTO idempotency_keys (user_id, key, fingerprint, status_code, response_body, created_at, locked_at, first_used_at) VALUES (?, ?, ?, 200, ?, ?, ?, ?)',
        args: [user, `old-${at}-${i + j}`, 'f', '{}', at, at, at],
      })), 'write');
  }

  test('the 1,000th new key of the day is taken; the 1,001st is a 429 naming the bound, and is not kept', async () => {
    const a = app();
    await used(998, clock - 60_000);
    expect((await send(a, {}, key('k-999'), '/api/other')).status).toBe(201);
    expect((await send(a, {}, key('k-1000'), '/api/other')).status).toBe(201);
    expect(await keyRows()).toBe(1000);
    const res = await a.handle(new Request('http://localhost:3000/api/other', { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer alice', ...key('k-1001') }, body: '{}' }));
    const json = await res.json();
    expect([res.status, json.errorType]).toEqual([429, 'IDEMPOTENCY_KEYS_LIMIT']);
    expect(json.message).toBe('Too many new Idempotency-Key values: at most 1,000 in 24 hours. Try again in 1439 minutes.');
    expect(json.errors).toEqual([{ field: 'Idempotency-Key', message: 'At most 1,000 new keys in 24 hours.' }]);
    // The oldest of the day's keys stops counting 24 hours after it was first used.
    expect(Number(res.headers.get('retry-after'))).toBe(24 * 3600 - 60);
    expect([await stored('k-1001'), await keyRows(), runs]).toEqual([false, 1000, 2]);
  });

  test('past the bound: a key already stored still replays, a request without a key still runs, another player is not counted', async () => {
    const a = app();
    const first = await send(a, {}, key('mine'), '/api/other');
    await used(999, clock);
    expect((await send(a, {}, key('one-more'), '/api/other')).status).toBe(429);
    const again = await send(a, {}, key('mine'), '/api/other');
    expect([again.status, again.replayed, again.json]).toEqual([201, true, first.json]);
    expect((await send(a, {}, {}, '/api/other')).status).toBe(201);
    expect((await send(a, {}, {}, '/api/other')).status).toBe(201);
    expect((await send(a, {}, key('one-more'), '/api/other', 'bob')).status).toBe(201);
    expect(await keyRows()).toBe(1000);
  });

  test('keys first used more than 24 hours ago no longer count; a re-run of an old key is not a new one', async () => {
    const a = app({ keysPerDay: 5 });
    await send(a, {}, key('early'), '/api/other');
    await used(4, clock);
    expect((await send(a, {}, key('late'), '/api/other')).status).toBe(429);
    clock += DAY + 1;
    await used(4, clock);
    // The early key's answer is gone; its request runs again, and it is still not a new key of today.
    expect((await send(a, {}, key('early'), '/api/other')).replayed).toBe(false);
    expect((await send(a, {}, key('late'), '/api/other')).status).toBe(201);
    expect((await send(a, {}, key('later'), '/api/other')).status).toBe(429);
  });

  test('keys sent at once cannot pass the bound together', async () => {
    const a = app({ keysPerDay: 10 });
    const all = await Promise.all(Array.from({ length: 30 }, (_, i) => send(a, {}, key(`burst-${i}`), '/api/other')));
    expect(all.filter((r) => r.status === 201)).toHaveLength(10);
    expect(all.filter((r) => r.status === 429)).toHaveLength(20);
    expect(await keyRows()).toBe(10);
  });
});
