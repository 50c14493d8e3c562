// Makes freeplay codes from the command line, for scripting (the console's Codes screen does the same):
//   bun run freeplay:create -- --operator EMAIL --amount 5 --cap 100 --days 30 [--code WELCOME5] [--count 1]
// Each code is issued through the console's own service and leaves the same audit row, naming the operator.
import { parseArgs } from 'node:util';
import { migrate } from '../db/migrate';
import { loadConfig } from '../src/config';
import { AppError } from '../src/lib/app-error';
import { dollarsToCents } from '../src/shared/money';
import { issueCode } from '../src/services/admin/codes';
import { operatorByEmail } from '../src/services/admin/operators';
import { openExistingOrExit } from '../src/cli/existing-database';

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: { amount: { type: 'string' }, cap: { type: 'string', default: '1' }, days: { type: 'string', default: '30' }, code: { type: 'string' }, count: { type: 'string', default: '1' }, operator: { type: 'string' } },
});

const fail = (msg: string): never => {
  console.error(msg);
  process.exit(2);
};
const amountCents = dollarsToCents(values.amount ?? '') ?? fail('--amount must be dollars with at most 2 decimals, e.g. --amount 5');
const cap = Number(values.cap);
const days = Number(values.days);
const count = Number(values.count);
if (!Number.isInteger(cap) || cap < 1) fail('--cap must be a whole number of redemptions, at least 1');
if (!(days > 0)) fail('--days must be a positive number of days until expiry');
if (!Number.isInteger(count) || count < 1 || count > 1000) fail('--count must be from 1 to 1000');
if (!values.operator?.trim()) fail('--operator EMAIL is needed: the audit log names who issued the codes');
if (values.code && count > 1) fail('--code makes one code; leave it out to make several random ones');

const config = loadConfig();
const { client } = await openExistingOrExit('freeplay:create', config.DATABASE_URL, config.DATABASE_AUTH_TOKEN);
await migrate(client);

const expiresAt = Date.now() + days * 86_400_000;
try {
  const actor = await operatorByEmail(client, values.operator!);
  for (let i = 0; i < count; i++) {
    // Without --code, issueCode picks a random one, as the console does.
    const c = await issueCode(client, actor, { code: values.code, amountCents, expiresAt, maxRedemptions: cap });
    console.log(`${c.code}\t$${(c.amountCents / 100).toFixed(2)}\tcap ${c.maxRedemptions}\texpires ${new Date(c.expiresAt).toISOString()}`);
  }
} catch (e) {
  fail(e instanceof AppError ? e.message : String(e));
}
client.close();
