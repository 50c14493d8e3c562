import type { SandboxProvider } from '../../src/services/games/sandbox.provider';
import { call, type TestApp } from './app';
import type { TestPlayer } from './players';

/** The player's game accounts through the API (creating them on first read), keyed by game id. */
export async function gameAccounts(app: TestApp, p: TestPlayer) {
  const r = await call(app, 'GET', '/api/v1/games/list', undefined, { token: p.token });
  if (r.status !== 200) throw new Error(`games/list answered ${r.status}`);
  return Object.fromEntries((r.json.userGames as any[]).map((g) => [g.gameId._id, g])) as Record<string, any>;
}

export const sandboxOf = (app: TestApp) => app.deps.gameProvider as SandboxProvider;

/** The vendor's own figure for a player's game balance, in cents. */
export async function gameCents(app: TestApp, gameId: string, userName: string) {
  return (await app.deps.gameProvider.balance(gameId, userName)) ?? 0;
}

export const moveTo = (app: TestApp, p: TestPlayer, body: unknown, headers?: Record<string, string>) =>
  call(app, 'POST', '/api/v1/transfer/transfer-data-request', body, { token: p.token, headers });
export const redeemFrom = (app: TestApp, p: TestPlayer, body: unknown, headers?: Record<string, string>) =>
  call(app, 'POST', '/api/v1/game/redeem-Request', body, { token: p.token, headers });
