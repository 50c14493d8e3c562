import { signal } from '@preact/signals-react';
import { accountsFromApi, type GameAccountView } from '../../src/shared/game-accounts';
import { api } from './api';

/** The player's game accounts, shared by the credential list and the transfer and redeem forms. */
export const gameAccounts = signal<GameAccountView[] | null>(null);

/** Re-reads GET /games/list (balances, credentials, reset flags) into the shared signal. */
export async function refreshGames(): Promise<void> {
  try {
    const r = await api<{ userGames: unknown }>('/games/list');
    if (r.success) gameAccounts.value = accountsFromApi(r.userGames);
  } catch {
    // Already toasted by the API client; the list stays as it was.
  }
}
