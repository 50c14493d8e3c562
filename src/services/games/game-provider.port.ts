/**
 * The games' back offices, behind one interface. Ultra Panda and VBlink publish no API, so the adapters are a
 * sandbox (a stand-in vendor in our own tables) and a manual queue an operator works through.
 *
 * Every call that moves credits or changes an account carries our own reference (`ref`): a repeated call with the
 * same reference is answered, never applied twice, and `lookup(ref)` tells what became of a call whose answer was
 * lost. A call answers `pending` when the vendor has not finished (an operator task is open); the outcome then
 * arrives later through `lookup` or the operator's completion.
 */
export type ProviderOutcome =
  | { status: 'done'; amountCents?: number }
  | { status: 'failed'; reason: string }
  | { status: 'pending' };

export type NewAccount = { status: 'done'; userName: string; password: string } | { status: 'pending'; userName: string; password: string } | { status: 'failed'; reason: string };

export type AccountRequest = { gameId: string; ref: string; playerId: number };
export type MoneyRequest = { gameId: string; userName: string; amountCents: number; ref: string };
export type PasswordRequest = { gameId: string; userName: string; password: string; ref: string };

export interface GameProvider {
  readonly name: 'sandbox' | 'manual';
  /** Makes the player's account in a game; the provider chooses the user name and first password. */
  createAccount(req: AccountRequest): Promise<NewAccount>;
  setPassword(req: PasswordRequest): Promise<ProviderOutcome>;
  /** Puts credits into the game account. */
  load(req: MoneyRequest): Promise<ProviderOutcome>;
  /** Takes credits out of the game account; `done` carries the amount the vendor actually took. */
  redeem(req: MoneyRequest): Promise<ProviderOutcome>;
  /** The in-game balance in cents, or null when the vendor cannot tell us (manual back offices). */
  balance(gameId: string, userName: string): Promise<number | null>;
  /** What became of an earlier call by its reference; `pending` when the vendor has no record of it yet. */
  lookup(ref: string): Promise<ProviderOutcome>;
}

/** Raised when a provider call did not answer in time: its outcome is unknown until looked up. */
export class ProviderTimeout extends Error {
  constructor() {
    super('game provider did not answer in time');
  }
}

/** The start of a proposed user name: the game's initials (ultra-panda → up, vblink → vb). */
export function userNamePrefix(gameId: string): string {
  const parts = gameId.toLowerCase().split(/[^a-z]+/).filter(Boolean);
  return (parts.length > 1 ? parts.map((p) => p[0]).join('') : (parts[0] ?? 'gm').slice(0, 2)).slice(0, 4);
}
