import { describe, expect, test } from 'bun:test';
import { Elysia } from 'elysia';
import { errorsPlugin } from './errors';
import { sameOrigin, sessionPlugin } from './session';
import { createLogger } from '../lib/logger';
import type { SignedIn } from '../services/auth/viewer';

const player: SignedIn = { sessionId: 's1', via: 'cookie', userId: 'u1', playerId: 1001, email: 'a@b.co', name: null, walletCents: 0 };

function app(found: SignedIn | null) {
  return new Elysia()
    .use(errorsPlugin(createLogger(true)))
    .use(sessionPlugin(async () => found, 'http://localhost:3000'))
    .post('/w', ({ player }) => ({ id: player.userId }), { auth: true });
}

describe('auth macro', () => {
  test('no session is a 401 in the envelope', async () => {
    const r = await app(null).handle(new Request('http://localhost:3000/w', { method: 'POST' }));
    expect(r.status).toBe(401);
    expect(await r.json()).toMatchObject({ success: false, errorType: 'UNAUTHORIZED' });
  });

  test('a cookie write from another site is refused; from our own origin it passes', async () => {
    const cross = await app(player).handle(new Request('http://localhost:3000/w', { method: 'POST', headers: { origin: 'https://evil.example' } }));
    expect(cross.status).toBe(403);
    const own = await app(player).handle(new Request('http://localhost:3000/w', { method: 'POST', headers: { origin: 'http://localhost:3000' } }));
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({ id: 'u1' });
  });

  test('bearer requests need no origin check', async () => {
    const r = await app({ ...player, via: 'bearer' }).handle(new Request('http://localhost:3000/w', { method: 'POST', headers: { 'sec-fetch-site': 'cross-site' } }));
    expect(r.status).toBe(200);
  });

  test('sameOrigin trusts Sec-Fetch-Site first', () => {
    const req = (h: Record<string, string>) => new Request('http://localhost:3000/x', { method: 'POST', headers: h });
    expect(sameOrigin(req({ 'sec-fetch-site': 'same-origin' }), undefined)).toBe(true);
    expect(sameOrigin(req({ 'sec-fetch-site': 'cross-site', origin: 'http://localhost:3000' }), undefined)).toBe(false);
  });
});
