// Makes freeplay codes until the operator console exists:
//   bun run freeplay:create -- --amount 5 --cap 100 --days 30 [--code WELCOME5] [--count 1]
import { parseArgs } from 'node:util';
import { openDatabase, tuneEmbedded } from '../db/client';
import { migrate } from '../db/migrate';
import { loadConfig } from '../src/config';
import { AppError } from '../src/lib/app-error';
import { dollarsToCents } from '../src/shared/money';
import { createFreeplayCode } from '../src/services/wallet/freeplay';

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: { amount: { type: 'string' }, cap: { type: 'string', default: '1' }, days: { type: 'string', default: '30' }, code: { type: 'string' }, count: { type: 'string', default: '1' } },
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
if (values.code && count > 1) fail('--code makes one code; leave it out to make several random ones');

const config = loadConfig();
const { client } = openDatabase(config.DATABASE_URL, config.DATABASE_AUTH_TOKEN);
await tuneEmbedded(client, config.DATABASE_URL);
await migrate(client);

const random = () => {
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  return 'FP-' + [...crypto.getRandomValues(new Uint8Array(8))].map((b) => alphabet[b % 32]).join('');
};
const expiresAt = Date.now() + days * 86_400_000;
for (let i = 0; i < count; i++) {
  try {
    const c = await createFreeplayCode(client, { code: values.code ?? random(), amountCents, expiresAt, maxRedemptions: cap });
    console.log(`${c.code}\t$${(c.amountCents / 100).toFixed(2)}\tcap ${c.maxRedemptions}\texpires ${new Date(c.expiresAt).toISOString()}`);
  } catch (e) {
    fail(e instanceof AppError ? e.message : String(e));
  }
}
client.close();
