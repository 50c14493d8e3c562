import type { Client } from '@libsql/client';
import type { CredentialCipher } from '../../lib/credential-cipher';
import type { Ledger } from '../ledger/ledger.types';
import { ProviderTimeout, type GameProvider, type ProviderOutcome } from './game-provider.port';

/** What the games services work with; built once in deps.ts. */
export type GamesContext = {
  client: Client;
  ledger: Ledger;
  provider: GameProvider;
  cipher: CredentialCipher;
  /** How long a provider call may take before its outcome is treated as unknown (looked up later). */
  timeoutMs: number;
  now: () => number;
};

/** The provider's answer, or ProviderTimeout; a late answer is dropped (the reference finds it later). */
export function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProviderTimeout()), ms);
  });
  p.catch(() => {});
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/** The encryption context of a game password: its owner and game, so a copied ciphertext does not open elsewhere. */
export const credentialContext = (userId: string, gameId: string) => `${userId}:${gameId}`;

/** The provider's answer; a timeout is an unknown outcome, left pending until the reference is looked up. */
export async function ask(ctx: GamesContext, call: () => Promise<ProviderOutcome>): Promise<ProviderOutcome> {
  try {
    return await withTimeout(call(), ctx.timeoutMs);
  } catch (e) {
    if (e instanceof ProviderTimeout) return { status: 'pending' };
    throw e;
  }
}
