import { describe, expect, test } from 'bun:test';
import { makeApp } from '../../../tests/helpers/app';
import { createPlayer } from '../../../tests/helpers/players';
import { fund } from '../../../tests/helpers/money';
import { createWithdrawalService } from './withdrawal-service';
import { PaymentsError } from './payments.port';

const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';

/** An app whose sandbox payouts answer slowly and are counted, plus a second service on the same database (another instance). */
async function slowPayouts() {
  const app = await makeApp({ SANDBOX_PAYOUT_DELAY_S: '3600' });
  const provider = app.deps.payments;
  const made: string[] = [];
  let failNext = false;
  const create = provider.createPayout.bind(provider);
  provider.createPayout = async (req) => {
    made.push(req.withdrawalId);
    await Bun.sleep(150);
    if (failNext) {
      failNext = false;
      throw new PaymentsError('BTCPay Server could not be reached', 'unavailable');
    }
    return create(req);
  };
  const other = createWithdrawalService({
    client: app.deps.database.client, ledger: app.deps.ledger, provider, logger: app.deps.logger, network: 'regtest',
    limits: { dailyMaxCents: 1e9, maxOpen: 10, autoApproveCents: 1e9 }, retryMs: 3_600_000, onChanges: () => {},
  });
  const p = await createPlayer(app);
  await fund(app, p.userId, 100_000);
  return { app, other, made, p, failNextPayout: () => (failNext = true) };
}

describe('a withdrawal asks for its payout once, whoever else is looking at it', () => {
  test('reconciliation on another instance while the request is still asking BTCPay: one payout, not two', async () => {
    const { app, other, made, p } = await slowPayouts();
    const request = app.deps.withdrawals.create({ userId: p.userId, currency: 'BTC-CHAIN', address: ADDRESS, amountCents: 10_000, tipCents: 0 });
    // The request's payout call is under way (150 ms); both reconcilers read the row as 'creating' meanwhile.
    while (made.length === 0) await Bun.sleep(5);
    await Promise.all([other.reconcileOnce(), app.deps.withdrawals.reconcileOnce()]);
    const { withdrawal } = await request;
    expect(made).toEqual([withdrawal.id]);
    expect(withdrawal.status).toBe('pending');
    expect((await app.deps.payments.findPayoutsByWithdrawalId(withdrawal.id)).length).toBe(1);
  });

  test('an attempt that found BTCPay down frees the withdrawal for the next run at once; an operator cannot void one in flight', async () => {
    const { app, other, made, p, failNextPayout } = await slowPayouts();
    failNextPayout();
    const request = app.deps.withdrawals.create({ userId: p.userId, currency: 'BTC-CHAIN', address: ADDRESS, amountCents: 10_000, tipCents: 0 });
    while (made.length === 0) await Bun.sleep(5);
    await expect(other.reject(made[0]!, 'Not today')).rejects.toMatchObject({ status: 409, message: 'The payout is being created right now. Try again in a minute.' });
    const { withdrawal } = await request;
    expect(withdrawal.status).toBe('creating');
    await other.reconcileOnce();
    expect(made).toEqual([withdrawal.id, withdrawal.id]);
    expect((await other.get(p.userId, withdrawal.id))!.status).toBe('pending');
  });
});
