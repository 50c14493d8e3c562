// Idempotency-Key rows through the real money routes: a rate-limited request stores none, and a player's new keys
// are bounded by IDEMPOTENCY_KEYS_PER_DAY (src/http/idempotency.ts, docs/decisions/idempotency-keys.md).
import { describe, expect, test } from 'bun:test';
import { call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { available, fund } from '../../../tests/helpers/money';
import { createPlayer, type TestPlayer } from '../../../tests/helpers/players';
import { createFreeplayCode } from '../../services/wallet/freeplay';

const keysOf = async (app: TestApp, p: TestPlayer) =>
  (await app.deps.database.client.execute({ sql: 'SELECT key FROM idempotency_keys WHERE user_id = ? ORDER BY key', args: [p.userId] })).rows.map((r) => String(r.key));
const withKey = (p: TestPlayer, key?: string) => ({ token: p.token, headers: (key ? { 'idempotency-key': key } : {}) as Record<string, string> });

describe('the route\'s rate limit runs before the key is stored', () => {
  test('freeplay: past 20 guesses a keyed try is a 429 and leaves no key behind', async () => {
    const app = await makeApp();
    const p = await createPlayer(app);
    for (let i = 0; i < 20; i++) expect((await call(app, 'POST', '/api/v1/freeplay/redeem', { code: `GUESS-${i}` }, withKey(p, `g-${i}`))).status).toBe(404);
    await createFreeplayCode(app.deps.database.client, { code: 'REAL5', amountCents: 500, maxRedemptions: 5, expiresAt: Date.now() + 86_400_000 });
    const limited = await call(app, 'POST', '/api/v1/freeplay/redeem', { code: 'REAL5' }, withKey(p, 'g-20'));
    expect([limited.status, limited.json.errorType]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await keysOf(app, p)).not.toContain('g-20');
    expect(await keysOf(app, p)).toHaveLength(20);
    expect(await available(app, p.userId)).toBe(0);
  });

  test('P2P: once refused sends have spent the allowance, a keyed send is a 429, stores no key and moves nothing', async () => {
    const app = await makeApp();
    const [dan, eve] = [await createPlayer(app), await createPlayer(app)];
    await fund(app, dan.userId, 10_000);
    for (let i = 0; i < 20; i++) expect((await call(app, 'POST', '/api/v1/transfer/p2p-transfer', { email: `nobody${i}@example.com`, amount: 1 }, withKey(dan, `s-${i}`))).status).toBe(404);
    const limited = await call(app, 'POST', '/api/v1/transfer/p2p-transfer', { email: eve.email, amount: 1 }, withKey(dan, 's-20'));
    expect(limited.status).toBe(429);
    expect(await keysOf(app, dan)).not.toContain('s-20');
    expect([await available(app, dan.userId), await available(app, eve.userId)]).toEqual([10_000, 0]);
  });
});

describe('IDEMPOTENCY_KEYS_PER_DAY', () => {
  test('past the setting a new key is a 429 and is not kept; requests without a key and replays are not limited', async () => {
    const app = await makeApp({ IDEMPOTENCY_KEYS_PER_DAY: '3' });
    const [dan, eve] = [await createPlayer(app), await createPlayer(app)];
    await fund(app, dan.userId, 10_000);
    const send = (key?: string) => call(app, 'POST', '/api/v1/transfer/p2p-transfer', { email: eve.email, amount: 1 }, withKey(dan, key));
    for (const k of ['a', 'b', 'c']) expect((await send(k)).status).toBe(200);
    const refused = await send('d');
    expect([refused.status, refused.json.errorType]).toEqual([429, 'IDEMPOTENCY_KEYS_LIMIT']);
    expect(refused.json.message).toStartWith('Too many new Idempotency-Key values: at most 3 in 24 hours. Try again in ');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    expect(await keysOf(app, dan)).toEqual(['a', 'b', 'c']);
    expect((await send('a')).headers.get('idempotent-replayed')).toBe('true');
    expect((await send()).status).toBe(200);
    expect(await available(app, eve.userId)).toBe(400);
  });

  test('the default is 1,000 and a bad value stops start-up naming the variable', async () => {
    const app = await makeApp();
    expect(app.config.IDEMPOTENCY_KEYS_PER_DAY).toBe(1000);
    await expect(makeApp({ IDEMPOTENCY_KEYS_PER_DAY: '0' })).rejects.toThrow('IDEMPOTENCY_KEYS_PER_DAY');
  });
});
