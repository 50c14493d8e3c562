// `coinreel admin create` (and `npm run admin:create`): makes a verified operator, or promotes an existing account.
import { loadConfig } from '../config';
import { migrateSafely } from './migrate-safely';
import { createOperator } from '../services/admin/operators';
import { type Command, parseOptions, UsageError } from './command';
import { openExistingDatabase } from './existing-database';

const usage = `usage: coinreel admin create --email EMAIL [--password PASSWORD] [--unlock]

Makes a verified operator, or promotes the account with that e-mail. Without --password it prints a one-time
link (single use, 1 hour) to the "Set your password" page (a reset link for an account that has a password). A locked account stays locked unless --unlock is given.
Reads DATABASE_URL (the server's database; the server creates it on its first start). From a checkout: npm run admin:create -- --email EMAIL`;

async function run(argv: string[]): Promise<number> {
  const { values } = parseOptions(argv, { email: { type: 'string' }, password: { type: 'string' }, unlock: { type: 'boolean', default: false } });
  if (!values.email) throw new UsageError('--email EMAIL is needed');
  const config = loadConfig();
  // The server's database, never a new one: the server creates it on its first start.
  const { client } = await openExistingDatabase('coinreel admin create', config.DATABASE_URL, config.DATABASE_AUTH_TOKEN);
  try {
    // Brings an older database up to this version's schema, as the server would.
    await migrateSafely(client, config);
    const r = await createOperator(client, config.publicUrl, { email: values.email, password: values.password, unlock: values.unlock });
    if ('errors' in r) {
      console.error(Object.values(r.errors).join('; '));
      return 2;
    }
    console.log(`${r.created ? 'created' : 'promoted'} operator ${r.email}`);
    if (r.unlocked) console.log('unlocked: the account can sign in again');
    if (r.locked) console.log(`the account is locked and stays so: add --unlock to let it sign in again`);
    if (config.operatorTwoStep) console.log('the console opens once they turn on two-step verification (sign in, then Profile Settings) and sign in again with its code (OPERATOR_TWO_STEP=required)');
    if (r.setPasswordLink) console.log(`set a password within 1 hour (the link works once): ${r.setPasswordLink}`);
    // The link's address comes from PUBLIC_URL (or PORT); a shell without the site's settings would guess it.
    if (r.setPasswordLink && !process.env.PUBLIC_URL)
      console.log(`PUBLIC_URL is not set here, so the link assumes ${config.publicUrl}; run this with the site's settings (coinreel --env-file FILE admin create …) if the site answers elsewhere.`);
    return 0;
  } finally {
    client.close();
  }
}

export const command: Command = { usage, run };
