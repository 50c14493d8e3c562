// `coinreel freeplay create` (and `npm run freeplay:create`): freeplay codes from the command line, for scripting
// (the console's Codes screen does the same). Each code is issued through the console's own service and leaves
// the same audit row, naming the operator.
import { loadConfig } from '../config';
import { migrateSafely } from './migrate-safely';
import { AppError } from '../lib/app-error';
import { issueCode } from '../services/admin/codes';
import { operatorByEmail } from '../services/admin/operators';
import { dollarsToCents } from '../shared/money';
import { type Command, parseOptions, UsageError } from './command';
import { openExistingDatabase } from './existing-database';

const usage = `usage: coinreel freeplay create --operator EMAIL --amount DOLLARS [--cap N] [--days N] [--code CODE | --count N]

  --operator EMAIL  the operator issuing them (named in the audit log)
  --amount DOLLARS  credit per redemption, e.g. 5 or 2.50
  --cap N           redemptions allowed per code (default 1)
  --days N          days until the codes expire (default 30)
  --code CODE       this code (one); without it, --count random codes (default 1, at most 1000)
Prints one line a code: code, amount, cap, expiry. Reads DATABASE_URL.
From a checkout: npm run freeplay:create -- --operator EMAIL --amount 5`;

async function run(argv: string[]): Promise<number> {
  const { values } = parseOptions(argv, {
    amount: { type: 'string' }, cap: { type: 'string', default: '1' }, days: { type: 'string', default: '30' },
    code: { type: 'string' }, count: { type: 'string', default: '1' }, operator: { type: 'string' },
  });
  const amountCents = dollarsToCents(values.amount ?? '');
  if (amountCents === null) throw new UsageError('--amount must be dollars with at most 2 decimals, e.g. --amount 5');
  const [cap, days, count] = [Number(values.cap), Number(values.days), Number(values.count)];
  if (!Number.isInteger(cap) || cap < 1) throw new UsageError('--cap must be a whole number of redemptions, at least 1');
  if (!(days > 0)) throw new UsageError('--days must be a positive number of days until expiry');
  if (!Number.isInteger(count) || count < 1 || count > 1000) throw new UsageError('--count must be from 1 to 1000');
  if (!values.operator?.trim()) throw new UsageError('--operator EMAIL is needed: the audit log names who issued the codes');
  if (values.code && count > 1) throw new UsageError('--code makes one code; leave it out to make several random ones');

  const config = loadConfig();
  const { client } = await openExistingDatabase('coinreel freeplay create', config.DATABASE_URL, config.DATABASE_AUTH_TOKEN);
  try {
    await migrateSafely(client, config);
    const expiresAt = Date.now() + days * 86_400_000;
    const actor = await operatorByEmail(client, values.operator!);
    for (let i = 0; i < count; i++) {
      // Without --code, issueCode picks a random one, as the console does.
      const c = await issueCode(client, actor, { code: values.code, amountCents, expiresAt, maxRedemptions: cap });
      console.log(`${c.code}\t$${(c.amountCents / 100).toFixed(2)}\tcap ${c.maxRedemptions}\texpires ${new Date(c.expiresAt).toISOString()}`);
    }
    return 0;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    console.error(e.message);
    return 2;
  } finally {
    client.close();
  }
}

export const command: Command = { usage, run };
