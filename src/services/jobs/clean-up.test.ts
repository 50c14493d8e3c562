import { describe, expect, test } from 'bun:test';
import { makeApp } from '../../../tests/helpers/app';
import { createPlayer } from '../../../tests/helpers/players';
import { cleanUp, KEEP } from './clean-up';

const DAY = 24 * 60 * 60_000;

describe('clean-up job', () => {
  test('removes only what can no longer be used, and keeps the rest', async () => {
    const app = await makeApp();
    const db = app.deps.database.client;
    const p = await createPlayer(app);
    const now = Date.now();
    const old = now - KEEP.endedSessionsMs - DAY;
    const run = (sql: string, args: (string | number | null)[]) => db.execute({ sql, args });
    const session = (id: string, expires: number, revoked: number | null) =>
      run('INSERT INTO sessions (id, user_id, created_at, expires_at, revoked_at, remember) VALUES (?, ?, ?, ?, ?, 0)', [id, p.userId, old, expires, revoked]);
    await session('expired-long-ago', old, null);
    await session('revoked-long-ago', now + DAY, old);
    await session('expired-yesterday', now - DAY, null);
    const token = (hash: string, expires: number, used: number | null) =>
      run("INSERT INTO email_tokens (token_hash, user_id, purpose, email, created_at, expires_at, used_at) VALUES (?, ?, 'reset', NULL, ?, ?, ?)", [hash, p.userId, old, expires, used]);
    await token('spent-long-ago', now + DAY, now - 8 * DAY);
    await token('expired-long-ago', now - 8 * DAY, null);
    await token('live', now + DAY, null);
    const key = (k: string, created: number, status: number | null) =>
      run('INSERT INTO idempotency_keys (user_id, key, fingerprint, status_code, response_body, created_at, locked_at) VALUES (?, ?, ?, ?, ?, ?, ?)', [p.userId, k, 'f', status, status === null ? null : '{}', created, created]);
    await key('answered-old', now - 2 * DAY, 200);
    await key('running-old', now - 2 * DAY, null);
    await key('answered-new', now - 60_000, 200);
    await run("INSERT INTO webhook_deliveries (id, type, received_at, handled_at) VALUES ('d-old', 'x', ?, ?), ('d-new', 'x', ?, ?)", [now - 31 * DAY, now - 31 * DAY, now - DAY, now - DAY]);

    expect(await cleanUp(db, now)).toEqual({ sessions: 2, emailTokens: 2, idempotencyKeys: 1, webhookDeliveries: 1 });
    const ids = async (sql: string) => (await db.execute(sql)).rows.map((r) => String(r.id)).sort();
    expect(await ids('SELECT id FROM sessions')).toEqual(['expired-yesterday', p.sessionId].sort());
    expect(await ids('SELECT token_hash AS id FROM email_tokens')).toEqual(['live']);
    // An old answer is dropped; every key stays, bound to its request (http/idempotency.ts).
    expect(await ids('SELECT key AS id FROM idempotency_keys WHERE response_body IS NOT NULL')).toEqual(['answered-new']);
    expect(await ids('SELECT key AS id FROM idempotency_keys')).toEqual(['answered-new', 'answered-old', 'running-old']);
    expect(await ids('SELECT id FROM webhook_deliveries')).toEqual(['d-new']);
    // Nothing left to do: a second run removes nothing.
    expect(await cleanUp(db, now)).toEqual({ sessions: 0, emailTokens: 0, idempotencyKeys: 0, webhookDeliveries: 0 });
  });
});
