import { AppError } from '../../lib/app-error';
import { text } from '../../i18n/text';
import { m as say } from '../../i18n/paraglide/messages.js';

/** SQLITE_BUSY: another writer (an instance on the same file or server) held the write lock past the busy timeout. */
export function isBusy(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  const msg = e instanceof Error ? e.message : '';
  return (typeof code === 'string' && code.startsWith('SQLITE_BUSY')) || /SQLITE_BUSY|database is locked/i.test(msg);
}

// About 3 s in all (10, 20, 40 … 320 ms, with jitter): longer than any one group's commit, short of a client's patience.
const ATTEMPTS = 10;

/** Waits before the next attempt at a write refused as busy; false once the attempts are used up. */
export async function busyRetry(attempt: number): Promise<boolean> {
  if (attempt >= ATTEMPTS) return false;
  const base = 10 * 2 ** Math.min(attempt, 5);
  await Bun.sleep(base / 2 + Math.random() * base);
  return true;
}

/** What a caller gets when the writes stayed busy through every attempt: a 503 to retry, never a 500. */
export const busyError = () => new AppError(503, text(say.api_wallet_busy), 'DATABASE_BUSY');
