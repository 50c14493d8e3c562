// The withdrawal queue from the command line, for scripting (the console's Withdrawals screen does the same):
//   bun run withdrawals -- list [--status pending]
//   bun run withdrawals -- approve <withdrawal id> --operator EMAIL [--reason "…"]
//   bun run withdrawals -- reject <withdrawal id> --operator EMAIL --reason "…"
// Approve and reject go through the console's own service and leave the same audit row, naming the operator.
import { parseArgs } from 'node:util';
import { migrate } from '../db/migrate';
import { withdrawalPush } from '../src/api/withdrawals/withdrawal-push';
import { loadConfig } from '../src/config';
import { pickMailer, pickPayments, pickShared, siteInfo } from '../src/deps';
import { reasonOf } from '../src/api/admin/admin.model';
import { AppError } from '../src/lib/app-error';
import { createLogger } from '../src/lib/logger';
import { formatCents } from '../src/shared/money';
import { operatorByEmail } from '../src/services/admin/operators';
import { approveWithdrawal, rejectWithdrawal } from '../src/services/admin/queue-actions';
import { createLedger } from '../src/services/ledger/ledger';
import { createWithdrawalService } from '../src/services/payments/withdrawal-service';
import { PaymentsError } from '../src/services/payments/payments.port';
import { openExistingOrExit } from '../src/cli/existing-database';

const { values, positionals } = parseArgs({ args: Bun.argv.slice(2), allowPositionals: true, options: { reason: { type: 'string' }, status: { type: 'string' }, operator: { type: 'string' } } });
const [command, id] = positionals;
const fail = (msg: string): never => {
  console.error(msg);
  process.exit(2);
};
if (!['list', 'approve', 'reject'].includes(command ?? '')) fail('usage: withdrawals list [--status S] | approve ID --operator EMAIL [--reason "…"] | reject ID --operator EMAIL --reason "…"');
if (command !== 'list' && !id) fail(`${command} needs the withdrawal id (see: withdrawals list)`);
if (command !== 'list' && !values.operator?.trim()) fail(`${command} needs --operator EMAIL: the audit log names who acted`);
if (command === 'reject' && !values.reason?.trim()) fail('reject needs --reason "…": the player is told why');

const config = loadConfig();
const { client } = await openExistingOrExit('withdrawals', config.DATABASE_URL, config.DATABASE_AUTH_TOKEN);
await migrate(client);
const logger = createLogger(true);
const ledger = createLedger(client);
const { payments } = pickPayments(config, client);
// With REDIS_URL the player's open pages hear of it, on whichever instance holds their socket.
const { hub } = await pickShared(config, logger);
const service = createWithdrawalService({
  client, ledger, provider: payments, logger, network: config.BITCOIN_NETWORK,
  limits: { dailyMaxCents: 0, maxOpen: 0, autoApproveCents: 0 }, retryMs: config.WITHDRAWAL_RETRY_MINUTES * 60_000,
  onChanges: withdrawalPush({ hub, ledger, mailer: pickMailer(config), logger, site: siteInfo(config), publicUrl: config.publicUrl }),
});

try {
  if (command === 'list') {
    const rows = await service.list(values.status);
    if (!rows.length) console.log('no withdrawals');
    for (const w of rows)
      console.log([w.id, w.status, w.payoutState ?? '-', w.currency, formatCents(w.amountCents), `tip ${formatCents(w.tipCents)}`, w.email, w.destination, new Date(w.createdAt).toISOString()].join('\t'));
  } else {
    const actor = await operatorByEmail(client, values.operator!);
    const reason = reasonOf({ reason: values.reason }, command === 'reject');
    const deps = { client, withdrawals: service };
    if (command === 'approve') await approveWithdrawal(deps, actor, id!, reason);
    else await rejectWithdrawal(deps, actor, id!, reason!);
    console.log(command === 'approve' ? `approved ${id}` : `rejected ${id}: the credits are back in the player's wallet`);
  }
} catch (e) {
  if (e instanceof AppError || e instanceof PaymentsError) fail(e.message);
  throw e;
} finally {
  await hub.close();
  client.close();
}
