import type { Client, InStatement } from '@libsql/client';
import type { AppError } from '../src/lib/app-error';

// Aborts the batch it is in unless the statement just before it changed exactly one row (migration 0033's view).
const GUARD: InStatement = 'INSERT INTO write_guard (ok) SELECT changes() = 1';
const lostRace = (e: unknown) => e instanceof Error && `${e.message} ${(e.cause as Error | undefined)?.message ?? ''}`.includes('write guard');

/**
 * One write batch: each of `claims` must change exactly one row or nothing of it is kept and `conflict` is thrown;
 * `rest` follows. A batch, not an interactive transaction: the embedded database has one connection, which an open
 * transaction would hold against every other request.
 */
export async function writeClaimed(client: Client, claims: InStatement[], rest: InStatement[], conflict: () => AppError): Promise<void> {
  try {
    await client.batch([...claims.flatMap((c) => [c, GUARD]), ...rest], 'write');
  } catch (e) {
    if (lostRace(e)) throw conflict();
    throw e;
  }
}
