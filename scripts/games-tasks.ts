// The manual game provider's queue until the operator console exists:
//   bun run games:tasks                                  # open tasks
//   bun run games:tasks -- --all                         # every task
//   bun run games:tasks -- --show <id>                   # one task, with the password to set for account and reset tasks
//   bun run games:tasks -- --done <id> [--amount 9.50]   # done in the back office (a redeem may confirm less)
//   bun run games:tasks -- --fail <id> --note "reason"   # could not be done: held credits return to the wallet
import { parseArgs } from 'node:util';
import { openDatabase, tuneEmbedded } from '../db/client';
import { migrate } from '../db/migrate';
import { loadConfig } from '../src/config';
import { pickGameProvider } from '../src/deps';
import { createCredentialCipher } from '../src/lib/credential-cipher';
import { persistedSecret } from '../src/lib/secrets';
import { createLedger } from '../src/services/ledger/ledger';
import { createGamesService } from '../src/services/games/games.service';
import type { GameTask, ManualProvider } from '../src/services/games/manual.provider';
import { dollarsToCents, formatCents } from '../src/shared/money';

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: { all: { type: 'boolean' }, show: { type: 'string' }, done: { type: 'string' }, fail: { type: 'string' }, amount: { type: 'string' }, note: { type: 'string' } },
});
const fail = (msg: string): never => {
  console.error(msg);
  process.exit(2);
};

// The same database, key and provider as the server (DATABASE_URL, DATA_DIR, CREDENTIAL_KEY, GAME_PROVIDER).
const config = loadConfig();
const database = openDatabase(config.DATABASE_URL, config.DATABASE_AUTH_TOKEN);
await tuneEmbedded(database.client, config.DATABASE_URL);
await migrate(database.client);
const cipher = createCredentialCipher(persistedSecret(config.DATA_DIR, 'credential-key', config.CREDENTIAL_KEY));
const provider = pickGameProvider(config, database, cipher);
// The player's open pages are not told from here: they see the result on their next read.
const games = createGamesService({ client: database.client, ledger: createLedger(database.client), provider, cipher, timeoutMs: 10_000, now: Date.now });
const line = (t: GameTask) =>
  [t.id, t.status, t.kind, t.gameId, t.userName, t.amountCents === null ? '' : formatCents(t.amountCents), new Date(t.createdAt).toISOString(), t.note ?? ''].join('\t');

if (values.done || values.fail) {
  const id = (values.done ?? values.fail)!;
  const confirmedCents = values.amount === undefined ? undefined : (dollarsToCents(values.amount) ?? fail('--amount must be dollars with at most 2 decimals'));
  if (values.fail && !values.note) fail('--fail needs --note "why", which the player is told');
  const t = await games.completeTask(id, !!values.done, { confirmedCents, note: values.note });
  if (!t) fail(`no task ${id}`);
  console.log(line(t!));
} else if (values.show) {
  const t = (await games.tasks('all')).find((x) => x.id === values.show) ?? fail(`no task ${values.show}`);
  console.log(line(t));
  const secret = provider.name === 'manual' ? await (provider as ManualProvider).secretFor(t.ref) : null;
  if (secret) console.log(`password to set: ${secret}`);
} else {
  const tasks = await games.tasks(values.all ? 'all' : 'open');
  console.log(['id', 'status', 'kind', 'game', 'user name', 'amount', 'created', 'note'].join('\t'));
  for (const t of tasks) console.log(line(t));
  if (!tasks.length) console.log(values.all ? 'no tasks' : 'no open tasks');
}
database.client.close();
