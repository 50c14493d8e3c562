import { describe, expect, test } from 'bun:test';
import { Elysia } from 'elysia';
import { errorsPlugin } from './errors';
import { sessionPlugin } from './session';
import { createLogger } from '../lib/logger';
import type { SignedIn } from '../services/auth/viewer';

const player: SignedIn = { sessionId: 's1', via: 'cookie', userId: 'u1', playerId: 1001, email: 'a@b.co', name: null, walletCents: 0 };

function app(found: SignedIn | null) {
  return new Elysia()
    .use(errorsPlugin(createLogger(true)))
    .use(sessionPlugin(async () => found))
    .post('/w', ({ player }) => ({ id: player.userId }), { auth: true });
}

describe('auth macro', () => {
  test('no session is a 401 in the envelope', async () => {
    const r = await app(null).handle(new Request('http://localhost:3000/w', { method: 'POST' }));
    expect(r.status).toBe(401);
    expect(await r.json()).toMatchObject({ success: false, errorType: 'UNAUTHORIZED' });
  });

  test('a session resolves the player (where a write may come from is checked before routing: same-origin.test.ts)', async () => {
    const r = await app(player).handle(new Request('http://localhost:3000/w', { method: 'POST' }));
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ id: 'u1' });
  });
});
