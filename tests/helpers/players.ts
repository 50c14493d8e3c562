import { createFormTokens } from '../../src/http/form-token';
import type { TestApp } from './app';

let seq = 0;

export type TestPlayer = { userId: string; playerId: number; email: string; password: string; token: string; sessionId: string };

/**
 * A verified player with a live session, written straight to the database so a test can start signed in
 * and drive only what it tests. The password hash is cheap (tests only); login verifies it all the same.
 */
export async function createPlayer(app: TestApp, opts: { email?: string; password?: string; verified?: boolean; name?: string; role?: 'USER' | 'ADMIN' } = {}): Promise<TestPlayer> {
  seq++;
  const email = (opts.email ?? `player${seq}.${crypto.randomUUID().slice(0, 6)}@example.com`).toLowerCase();
  const password = opts.password ?? 'Secret123!';
  const userId = crypto.randomUUID();
  const playerId = 1_000_000 + Math.floor(Math.random() * 8_000_000) + seq;
  const hash = await Bun.password.hash(password, { algorithm: 'argon2id', memoryCost: 1024, timeCost: 1 });
  const now = Date.now();
  const sessionId = crypto.randomUUID();
  const expires = now + 3600_000;
  await app.deps.database.client.batch(
    [
      {
        sql: `INSERT INTO users (id, player_id, email, password_hash, name, email_verified_at, referral_source, terms_version_accepted, terms_accepted_at, age_confirmed_at, role, created_at)
              VALUES (?, ?, ?, ?, ?, ?, 'friend', 3, ?, ?, ?, ?)`,
        args: [userId, playerId, email, hash, opts.name ?? null, opts.verified === false ? null : now, now, now, opts.role ?? 'USER', now],
      },
      { sql: 'INSERT INTO sessions (id, user_id, created_at, expires_at, revoked_at, remember) VALUES (?, ?, ?, ?, NULL, 0)', args: [sessionId, userId, now, expires] },
    ],
    'write',
  );
  const token = await app.deps.signer.sign({ sid: sessionId }, new Date(expires));
  return { userId, playerId, email, password, token, sessionId };
}

/** The per-session token a signed-in player's plain form posts carry (src/http/form-token.ts). */
export function formTokenOf(app: TestApp, p: { sessionId: string }): string {
  return createFormTokens(app.deps.flashKey).for(p.sessionId);
}

/** An operator (role ADMIN) with a live session, like createPlayer. */
export const createOperatorUser = (app: TestApp, opts: { email?: string; password?: string } = {}) => createPlayer(app, { ...opts, role: 'ADMIN' });
