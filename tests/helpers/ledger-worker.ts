// A second process for the ledger's multi-process test: opens the same file the way the app does and races
// the parent on shared external references and wallets. Prints one JSON line of what it was answered.
import { createClient } from '@libsql/client';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tuneEmbedded } from '../../db/client';
import { AppError } from '../../src/lib/app-error';
import { createLedger } from '../../src/services/ledger/ledger';
import { walletId } from '../../src/services/ledger/ledger.types';

const [url, refsArg, wallets, seed, flags] = [process.argv[2]!, Number(process.argv[3]), Number(process.argv[4]), Number(process.argv[5]), process.argv[6]!];
// Each worker walks the refs in its own order, so both sides win some races and lose others.
const order = Array.from({ length: refsArg }, (_, n) => n).sort((a, b) => ((a * seed) % 97) - ((b * seed) % 97) || a - b);
// One connection with a busy timeout: the pool's extra connections would start without the PRAGMAs (no busy
// timeout, so a write meeting the other process's lock fails at once with SQLITE_BUSY). See docs/decisions.
const client = createClient({ url, concurrency: 1, timeout: 5000 });
await tuneEmbedded(client, url);
const ledger = createLedger(client);
// Both workers start together (the parent says go once both are ready), so their writes really interleave.
writeFileSync(join(flags, `ready-${seed}`), '');
while (!existsSync(join(flags, 'go'))) await Bun.sleep(1);
const out = { refs: {} as Record<string, { id: string; replayed: boolean }>, moved: 0, refused: 0 };
for (let i = 0; i < refsArg; i += 5) {
  await Promise.all(
    Array.from({ length: 5 }, async (_, j) => {
      const n = order[i + j]!;
      const from = walletId(`w${n % wallets}`);
      const to = walletId(`w${(n + 1 + (n % 3)) % wallets}`);
      try {
        const t = await ledger.transfer({ debit: from, credit: to, amountCents: 1 + (n % 7), code: 'RACE', externalRef: `race-${n}` });
        out.refs[`race-${n}`] = { id: t.id, replayed: t.replayed };
        if (!t.replayed) out.moved += t.amountCents;
      } catch (e) {
        if (!(e instanceof AppError) || e.errorType !== 'INSUFFICIENT_FUNDS') throw e;
        out.refused++;
      }
    }),
  );
  // Let go of the file now and then: SQLite's busy wait is not fair, so a process that never pauses would
  // run all its writes before the other got a turn and nothing would really race.
  await Bun.sleep(1);
}
console.log(JSON.stringify(out));
client.close();
