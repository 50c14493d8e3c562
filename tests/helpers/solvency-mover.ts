// A second process for the proof of liabilities' race: moves money on the same database file while a snapshot is
// read, until told to stop. Transfers between players move large round amounts (they change no total); deposits add
// one cent each (they do). Prints one JSON line: how many of each committed, and when.
import { createClient } from '@libsql/client';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tuneEmbedded } from '../../db/client';
import { AppError } from '../../src/lib/app-error';
import { createLedger } from '../../src/services/ledger/ledger';
import { systemId, walletId } from '../../src/services/ledger/ledger.types';

const [url, usersArg, flags, big] = [process.argv[2]!, process.argv[3]!, process.argv[4]!, Number(process.argv[5])];
const users = usersArg.split(',');
const client = createClient({ url, concurrency: 1, timeout: 5000 });
await tuneEmbedded(client, url);
const ledger = createLedger(client);
writeFileSync(join(flags, 'mover-ready'), '');
while (!existsSync(join(flags, 'go'))) {
  if (!existsSync(flags) || process.ppid === 1) process.exit(1);
  await Bun.sleep(1);
}
const out = { transfers: 0, deposits: 0, refused: 0, at: [] as number[] };
let n = 0;
// Stops when told, or when the test that started it is gone (its folder removed, or this process orphaned).
const told = () => existsSync(join(flags, 'stop')) || !existsSync(flags) || process.ppid === 1;
while (!told()) {
  n++;
  const from = users[n % users.length]!;
  const to = users[(n * 7 + 3) % users.length]!;
  try {
    if (from !== to) {
      await ledger.transfer({ debit: walletId(from), credit: walletId(to), amountCents: big, code: 'P2P' });
      out.transfers++;
      out.at.push(Date.now());
    }
  } catch (e) {
    if (!(e instanceof AppError) || e.errorType !== 'INSUFFICIENT_FUNDS') throw e;
    out.refused++;
  }
  await ledger.transfer({ debit: systemId('bitcoin_deposits'), credit: walletId(to), amountCents: 1, code: 'DEPOSIT' });
  out.deposits++;
  await Bun.sleep(1);
}
console.log(JSON.stringify(out));
client.close();
