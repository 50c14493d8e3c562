import type { Client } from '@libsql/client';
import { availableParallelism } from 'node:os';
import { createSemaphore } from './semaphore';

/**
 * argon2id at OWASP's first recommended setting (19 MiB, 2 passes, 1 lane). See
 * docs/decisions/password-hashing.md for the measurements behind it.
 */
export const HASH_OPTIONS = { algorithm: 'argon2id', memoryCost: 19_456, timeCost: 2 } as const;

// Each hash holds 19 MiB and a core for ~25 ms. Running at most one per core keeps memory flat in a burst;
// extra requests queue here instead of all allocating at once.
const gate = createSemaphore(Math.max(1, Math.min(4, availableParallelism())));

export const hashPassword = (password: string) => gate.run(() => Bun.password.hash(password, HASH_OPTIONS));

export const verifyPassword = (password: string, hash: string) =>
  gate.run(() => Bun.password.verify(password, hash).catch(() => false));

// Unknown e-mails are checked against this so a wrong address costs the same work as a wrong password.
let dummy: Promise<string> | null = null;
const dummyHash = () => (dummy ??= Bun.password.hash(crypto.randomUUID(), HASH_OPTIONS));

/** Checks a password against a player's hash, or does the same work and fails when there is no player. */
export async function checkPassword(password: string, hash: string | null): Promise<boolean> {
  if (hash) return verifyPassword(password, hash);
  await verifyPassword(password, await dummyHash());
  return false;
}

/** How many hashes run and wait right now (tests watch the gate). */
export const hashGate = { get active() { return gate.active; }, get pending() { return gate.pending; } };

/** Whether `password` is this player's current one (false for an unknown player). */
export async function isCurrentPassword(client: Client, userId: string, password: string): Promise<boolean> {
  const r = await client.execute({ sql: 'SELECT password_hash FROM users WHERE id = ?', args: [userId] });
  return !!r.rows[0] && (await verifyPassword(password, String(r.rows[0].password_hash)));
}
