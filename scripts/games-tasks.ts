// The manual game provider's queue from the command line, for scripting (the console's Game tasks screen does the same):
//   bun run games:tasks                                  # open tasks
//   bun run games:tasks -- --all                         # every task
//   bun run games:tasks -- --show <id>                   # one task, with the password to set for account and reset tasks
//   bun run games:tasks -- --done <id> --reference BO-123 --operator EMAIL [--amount 9.50]
//                                                        # done in the back office (a redeem may confirm less)
//   bun run games:tasks -- --fail <id> --note "reason" --operator EMAIL
//                                                        # could not be done: held credits return to the wallet
// Done and fail go through the console's own service and leave the same audit row, naming the operator.
import { parseArgs } from 'node:util';
import { migrate } from '../db/migrate';
import { reasonOf } from '../src/api/admin/admin.model';
import { loadConfig } from '../src/config';
import { pickGameProvider } from '../src/deps';
import { AppError } from '../src/lib/app-error';
import { createCredentialCipher } from '../src/lib/credential-cipher';
import { persistedSecret } from '../src/lib/secrets';
import { operatorByEmail } from '../src/services/admin/operators';
import { finishGameTask } from '../src/services/admin/queue-actions';
import { createLedger } from '../src/services/ledger/ledger';
import { createGamesService } from '../src/services/games/games.service';
import type { GameTask, ManualProvider } from '../src/services/games/manual.provider';
import { dollarsToCents, formatCents } from '../src/shared/money';
import { openExistingOrExit } from '../src/cli/existing-database';

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: { all: { type: 'boolean' }, show: { type: 'string' }, done: { type: 'string' }, fail: { type: 'string' }, amount: { type: 'string' }, note: { type: 'string' }, reference: { type: 'string' }, operator: { type: 'string' } },
});
const fail = (msg: string): never => {
  console.error(msg);
  process.exit(2);
};

// The same database, key and provider as the server (DATABASE_URL, DATA_DIR, CREDENTIAL_KEY, GAME_PROVIDER).
const config = loadConfig();
const database = await openExistingOrExit('games:tasks', config.DATABASE_URL, config.DATABASE_AUTH_TOKEN);
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
  if (!values.operator?.trim()) fail('--done and --fail need --operator EMAIL: the audit log names who acted');
  if (values.done && !values.reference?.trim()) fail('--done needs --reference "…": the back-office reference, kept in the audit log');
  if (values.fail && !values.note?.trim()) fail('--fail needs --note "why", which the player is told');
  try {
    const actor = await operatorByEmail(database.client, values.operator!);
    const note = values.done ? reasonOf({ reference: values.reference }, true, 'reference')! : reasonOf({ reason: values.note }, true)!;
    console.log(line(await finishGameTask({ client: database.client, games }, actor, id, !!values.done, { note, confirmedCents })));
  } catch (e) {
    fail(e instanceof AppError ? e.message : String(e));
  }
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
