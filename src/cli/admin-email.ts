// `coinreel admin email OLD NEW`: the one way an operator's e-mail address changes (their own session may not).
import { loadConfig } from '../config';
import { migrateSafely } from './migrate-safely';
import { changeOperatorEmail } from '../services/admin/operator-email';
import { type Command, parseOptions, UsageError } from './command';
import { openExistingDatabase } from './existing-database';

const usage = `usage: coinreel admin email OLD NEW [--reason TEXT]

Changes the e-mail address of the operator who has OLD to NEW. An operator cannot change it from Profile Settings:
whoever had their password could otherwise move the mailbox that confirms their two-step verification. Both addresses
are told, every session of the account ends, links mailed to the old address stop working (a two-step confirmation
waiting included), and the audit log records the change (actor cli:admin-email, with --reason when given).
Reads DATABASE_URL (the server's database).`;

async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseOptions(argv, { reason: { type: 'string' } }, true);
  if (positionals.length !== 2) throw new UsageError('OLD and NEW are needed: coinreel admin email OLD NEW');
  const [from, to] = positionals as [string, string];
  const config = loadConfig();
  const { client } = await openExistingDatabase('coinreel admin email', config.DATABASE_URL, config.DATABASE_AUTH_TOKEN);
  try {
    await migrateSafely(client, config);
    const r = await changeOperatorEmail(client, { from, to, reason: values.reason });
    if ('errors' in r) {
      console.error(Object.values(r.errors).join('; '));
      return 2;
    }
    console.log(`operator ${r.from} is now ${r.to}: both addresses are told, every session of the account has ended`);
    return 0;
  } finally {
    client.close();
  }
}

export const command: Command = { usage, run };
