// `coinreel games tasks` (and `npm run games:tasks`): the manual game provider's queue from the command line, for
// scripting (the console's Game tasks screen does the same). Done and fail go through the console's own service
// and leave the same audit row, naming the operator.
import { reasonOf } from '../api/admin/admin.model';
import { loadConfig } from '../config';
import { migrateSafely } from './migrate-safely';
import { pickGameProvider } from '../deps';
import { AppError } from '../lib/app-error';
import { createCredentialCipher } from '../lib/credential-cipher';
import { persistedSecret } from '../lib/secrets';
import { operatorByEmail } from '../services/admin/operators';
import { finishGameTask } from '../services/admin/queue-actions';
import { createGamesService } from '../services/games/games.service';
import type { GameTask, ManualProvider } from '../services/games/manual.provider';
import { createLedger } from '../services/ledger/ledger';
import { dollarsToCents, formatCents } from '../shared/money';
import { type Command, parseOptions, UsageError } from './command';
import { openExistingDatabase } from './existing-database';

const usage = `usage: coinreel games tasks [--all]
       coinreel games tasks --show ID
       coinreel games tasks --done ID --reference REF --operator EMAIL [--amount DOLLARS]
       coinreel games tasks --fail ID --note "why" --operator EMAIL

  (no option)  the open tasks; --all every task
  --show ID    one task, with the password to set for account and reset tasks
  --done ID    done in the back office: --reference is kept in the audit log; a redeem may confirm less (--amount)
  --fail ID    could not be done: held credits return to the wallet and the player is told --note
Reads DATABASE_URL, DATA_DIR, CREDENTIAL_KEY and GAME_PROVIDER like the server. From a checkout: npm run games:tasks`;

async function run(argv: string[]): Promise<number> {
  const { values } = parseOptions(argv, {
    all: { type: 'boolean' }, show: { type: 'string' }, done: { type: 'string' }, fail: { type: 'string' },
    amount: { type: 'string' }, note: { type: 'string' }, reference: { type: 'string' }, operator: { type: 'string' },
  });
  const finishing = values.done ?? values.fail;
  let confirmedCents: number | undefined;
  if (finishing) {
    if (values.done && values.fail) throw new UsageError('give --done or --fail, not both');
    if (values.amount !== undefined) {
      confirmedCents = dollarsToCents(values.amount) ?? undefined;
      if (confirmedCents === undefined) throw new UsageError('--amount must be dollars with at most 2 decimals');
    }
    if (!values.operator?.trim()) throw new UsageError('--done and --fail need --operator EMAIL: the audit log names who acted');
    if (values.done && !values.reference?.trim()) throw new UsageError('--done needs --reference "…": the back-office reference, kept in the audit log');
    if (values.fail && !values.note?.trim()) throw new UsageError('--fail needs --note "why", which the player is told');
  }

  // The same database, key and provider as the server (DATABASE_URL, DATA_DIR, CREDENTIAL_KEY, GAME_PROVIDER).
  const config = loadConfig();
  const database = await openExistingDatabase('coinreel games tasks', config.DATABASE_URL, config.DATABASE_AUTH_TOKEN);
  try {
    await migrateSafely(database.client, config);
    const cipher = createCredentialCipher(persistedSecret(config.DATA_DIR, 'credential-key', config.CREDENTIAL_KEY));
    const provider = pickGameProvider(config, database, cipher);
    // The player's open pages are not told from here: they see the result on their next read.
    const games = createGamesService({ client: database.client, ledger: createLedger(database.client), provider, cipher, timeoutMs: 10_000, now: Date.now });
    const line = (t: GameTask) =>
      [t.id, t.status, t.kind, t.gameId, t.userName, t.amountCents === null ? '' : formatCents(t.amountCents), new Date(t.createdAt).toISOString(), t.note ?? ''].join('\t');

    if (finishing) {
      const actor = await operatorByEmail(database.client, values.operator!);
      const note = values.done ? reasonOf({ reference: values.reference }, true, 'reference')! : reasonOf({ reason: values.note }, true)!;
      console.log(line(await finishGameTask({ client: database.client, games }, actor, finishing, !!values.done, { note, confirmedCents })));
    } else if (values.show) {
      const t = (await games.tasks('all')).find((x) => x.id === values.show);
      if (!t) {
        console.error(`no task ${values.show}`);
        return 2;
      }
      console.log(line(t));
      const secret = provider.name === 'manual' ? await (provider as ManualProvider).secretFor(t.ref) : null;
      if (secret) console.log(`password to set: ${secret}`);
    } else {
      const tasks = await games.tasks(values.all ? 'all' : 'open');
      console.log(['id', 'status', 'kind', 'game', 'user name', 'amount', 'created', 'note'].join('\t'));
      for (const t of tasks) console.log(line(t));
      if (!tasks.length) console.log(values.all ? 'no tasks' : 'no open tasks');
    }
    return 0;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    console.error(e.message);
    return 2;
  } finally {
    database.client.close();
  }
}

export const command: Command = { usage, run };
