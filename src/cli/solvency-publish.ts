// `coinreel solvency publish` (and `npm run solvency:publish`): takes a proof-of-liabilities snapshot now, as the
// schedule does (SOLVENCY_SNAPSHOT), publishes it at /solvency/<id>.json and tells every player in it.
import { loadConfig } from '../config';
import { createLogger } from '../lib/logger';
import { formatCents } from '../shared/money';
import { pickPayments } from '../deps';
import { NothingToProve, PublishBusy } from '../services/solvency/publish';
import { createSolvencyService } from '../services/solvency/solvency-service';
import { SnapshotConflict } from '../services/solvency/snapshot-store';
import { SNAPSHOT_ID } from '../shared/solvency/scheme';
import { type Command, parseOptions, UsageError } from './command';
import { openExistingDatabase } from './existing-database';
import { migrateSafely } from './migrate-safely';

const usage = `usage: coinreel solvency publish [--id ID] [--json]

Takes a proof-of-liabilities snapshot now: every player's liability read at one instant, split into leaves, the
Merkle sum tree built (docs/solvency.md), the file published at /solvency/<id>.json, the store's reserves beside it,
and every player in it notified with a link to check. Prints the id, the root and the total.
  --id ID   the snapshot's id (letters, digits, . _ -); by default the minute in UTC, e.g. 2026-11-28T00-00Z
  --json    print the whole record (sizes and the time each step took) as JSON
Exits 1 when there is nothing to publish (no players) or another publication is running. Reads DATABASE_URL and the
BTCPAY_* settings. From a checkout: npm run solvency:publish`;

async function run(argv: string[]): Promise<number> {
  const { values } = parseOptions(argv, { id: { type: 'string' }, json: { type: 'boolean', default: false } });
  if (values.id !== undefined && !SNAPSHOT_ID.test(values.id)) throw new UsageError('--id must be 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit');
  const config = loadConfig();
  const { client } = await openExistingDatabase('coinreel solvency publish', config.DATABASE_URL, config.DATABASE_AUTH_TOKEN);
  try {
    await migrateSafely(client, config);
    const { payments } = pickPayments(config, client);
    const service = createSolvencyService(
      { client, url: config.DATABASE_URL, authToken: config.DATABASE_AUTH_TOKEN, payments, logger: createLogger(true), now: Date.now },
      config.SOLVENCY_SNAPSHOT,
    );
    const s = await service.publish({ id: values.id });
    if (values.json) console.log(JSON.stringify({ ...s, createdAt: new Date(s.createdAt).toISOString() }, null, 2));
    else {
      console.log(`snapshot ${s.id}  ${new Date(s.createdAt).toISOString()}`);
      console.log(`root     ${s.rootDigest}`);
      console.log(`total    ${formatCents(s.rootCents)} owed to ${s.players} players (${s.leaves} leaves)`);
      console.log(`file     ${config.publicUrl}/solvency/${s.id}.json (${s.jsonBytes} bytes, ${s.gzipBytes} stored)`);
      console.log(`notified ${s.notices} players`);
    }
    return 0;
  } catch (e) {
    if (!(e instanceof NothingToProve || e instanceof PublishBusy || e instanceof SnapshotConflict)) throw e;
    console.error(`coinreel solvency publish: ${e.message}`);
    return 1;
  } finally {
    client.close();
  }
}

export const command: Command = { usage, run };
