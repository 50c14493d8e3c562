// `coinreel withdrawals` (and `npm run withdrawals`): the withdrawal queue from the command line, for scripting (the
// console's Withdrawals screen does the same). Approve and reject go through the console's own service and leave
// the same audit row, naming the operator.
import { reasonOf } from '../api/admin/admin.model';
import { withdrawalPush } from '../api/withdrawals/withdrawal-push';
import { loadConfig } from '../config';
import { migrateSafely } from './migrate-safely';
import { pickPayments, pickShared } from '../deps';
import { AppError } from '../lib/app-error';
import { createLogger } from '../lib/logger';
import { operatorByEmail } from '../services/admin/operators';
import { approveWithdrawal, rejectWithdrawal } from '../services/admin/queue-actions';
import { createLedger } from '../services/ledger/ledger';
import { PaymentsError } from '../services/payments/payments.port';
import { createWithdrawalService } from '../services/payments/withdrawal-service';
import { createWithdrawalScreen } from '../services/compliance/screen';
import { amlSettings } from '../services/compliance/settings';
import { isOpenWithdrawal, WITHDRAWAL_STATUSES } from '../services/payments/withdrawals';
import { formatCents } from '../shared/money';
import { type Command, parseOptions, UsageError } from './command';
import { openExistingDatabase } from './existing-database';

const usage = `usage: coinreel withdrawals list [--status STATUS]
       coinreel withdrawals approve ID --operator EMAIL [--reason "…"]
       coinreel withdrawals reject ID --operator EMAIL --reason "…"

  list     id, state, state at BTCPay, currency, amount, tip, player, address, time; newest first
           --status all (the default), ${WITHDRAWAL_STATUSES.join(', ')}
  approve  approve its payout (at BTCPay when configured)
  reject   cancel it: amount and tip go back to the player, who is told --reason
Reads the server's settings (DATABASE_URL, BTCPay, SMTP, REDIS_URL). From a checkout: npm run withdrawals -- list`;

async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseOptions(argv, { reason: { type: 'string' }, status: { type: 'string' }, operator: { type: 'string' } }, true);
  const [action, id, extra] = positionals;
  if (!action) throw new UsageError('say list, approve ID or reject ID');
  if (!['list', 'approve', 'reject'].includes(action)) throw new UsageError(`unknown action "${action}": use list, approve or reject`);
  if (extra !== undefined || (action === 'list' && id !== undefined)) throw new UsageError(`unexpected "${extra ?? id}"`);
  if (action !== 'list' && !id) throw new UsageError(`${action} needs the withdrawal id (see: coinreel withdrawals list)`);
  if (action !== 'list' && !values.operator?.trim()) throw new UsageError(`${action} needs --operator EMAIL: the audit log names who acted`);
  if (action === 'reject' && !values.reason?.trim()) throw new UsageError('reject needs --reason "…": the player is told why');
  const status = values.status?.trim().toLowerCase();
  if (status !== undefined && status !== 'all' && !(WITHDRAWAL_STATUSES as readonly string[]).includes(status))
    throw new UsageError(`unknown --status "${values.status}": use all, ${WITHDRAWAL_STATUSES.join(', ')}`);

  const config = loadConfig();
  const { client } = await openExistingDatabase('coinreel withdrawals', config.DATABASE_URL, config.DATABASE_AUTH_TOKEN);
  try {
    await migrateSafely(client, config);
    const logger = createLogger(true);
    const ledger = createLedger(client);
    const { payments } = pickPayments(config, client);
    // With REDIS_URL the player's open pages hear of it, on whichever instance holds their socket.
    const { hub } = await pickShared(config, logger);
    try {
      const service = createWithdrawalService({
        client, ledger, provider: payments, logger, network: config.BITCOIN_NETWORK,
        limits: { dailyMaxCents: 0, maxOpen: 0, autoApproveCents: 0 }, retryMs: config.WITHDRAWAL_RETRY_MINUTES * 60_000,
        // An approval screens the destination as the console's does (a held or sanctioned withdrawal is refused).
        screen: createWithdrawalScreen(client, amlSettings(config)),
        // The player's e-mail is queued with the change; the site's mail worker sends it (it looks for new rows every second).
        onChanges: withdrawalPush({ hub, ledger, wakeMail: () => {} }),
      });
      if (action === 'list') {
        const rows = await service.list(status === 'all' ? undefined : status);
        if (!rows.length) console.log('no withdrawals');
        for (const w of rows)
          // A finished withdrawal's last BTCPay state is history, not its state: the console shows none either.
          console.log([w.id, w.status, (isOpenWithdrawal(w.status) && w.payoutState) || '-', w.currency, formatCents(w.amountCents), `tip ${formatCents(w.tipCents)}`, w.email, w.destination, new Date(w.createdAt).toISOString()].join('\t'));
      } else {
        const actor = await operatorByEmail(client, values.operator!);
        const reason = reasonOf({ reason: values.reason }, action === 'reject');
        const deps = { client, withdrawals: service };
        if (action === 'approve') await approveWithdrawal(deps, actor, id!, reason);
        else await rejectWithdrawal(deps, actor, id!, reason!);
        console.log(action === 'approve' ? `approved ${id}` : `rejected ${id}: the credits are back in the player's wallet`);
      }
      return 0;
    } finally {
      await hub.close();
    }
  } catch (e) {
    if (!(e instanceof AppError || e instanceof PaymentsError)) throw e;
    console.error(e.message);
    return 2;
  } finally {
    client.close();
  }
}

export const command: Command = { usage, run };
