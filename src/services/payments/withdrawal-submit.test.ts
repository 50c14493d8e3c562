import { describe, expect, test } from 'bun:test';
import { makeApp } from '../../../tests/helpers/app';
import { createPlayer } from '../../../tests/helpers/players';
import { fund } from '../../../tests/helpers/money';
import { createWithdrawalService } from './withdrawal-service';
import { recordWithdrawal } from './withdrawals';
import { submitPayout } from './withdrawal-sync';
import { PaymentsError } from './payments.port';
import { verifyLedger } from '../ledger/ledger-verify';
import { walletId, type Ledger } from '../ledger/ledger.types';

const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';

/** An app whose sandbox payouts answer slowly and are counted, plus a second service on the same database (another instance). */
async function slowPayouts() {
  const app = await makeApp({ SANDBOX_PAYOUT_DELAY_S: '3600', WITHDRAWAL_MAX_OPEN: '100', WITHDRAWAL_DAILY_MAX_DOLLARS: '100000' });
  const provider = app.deps.payments;
  const made: string[] = [];
  let failNext = false;
  const create = provider.createPayout.bind(provider);
  const find = provider.findPayoutsByWithdrawalId.bind(provider);
  provider.findPayoutsByWithdrawalId = async (id) => {
    await Bun.sleep(40);
    return find(id);
  };
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

describe('an attempt an operator took over as dead', () => {
  test('its payout, arriving after the reject voided the hold, is cancelled and never revives the withdrawal', async () => {
    const { app, other, made, p } = await slowPayouts();
    const request = app.deps.withdrawals.create({ userId: p.userId, currency: 'BTC-CHAIN', address: ADDRESS, amountCents: 10_000, tipCents: 0 });
    while (made.length === 0) await Bun.sleep(5);
    const id = made[0]!;
    // The attempt is still asking BTCPay (150 ms), but its mark looks older than SUBMIT_STALE_MS: an operator may take over.
    await app.deps.database.client.execute({ sql: 'UPDATE withdrawals SET updated_at = 0 WHERE id = ?', args: [id] });
    await other.reject(id, 'Taken over');
    expect((await other.get(p.userId, id))!.status).toBe('cancelled');
    await request;
    const w = (await other.get(p.userId, id))!;
    const live = (await app.deps.payments.findPayoutsByWithdrawalId(id)).filter((x) => x.state !== 'Cancelled');
    expect({ status: w.status, live: live.length }).toEqual({ status: 'cancelled', live: 0 });
    expect((await app.deps.ledger.balance(walletId(p.userId))).availableCents).toBe(100_000);
    expect((await verifyLedger(app.deps.database.client)).ok).toBe(true);
  });
});

describe('a run holding a stale read of the withdrawal', () => {
  test('cannot start a second attempt after another run made the payout and lost the answer: one payout, not two', async () => {
    const app = await makeApp({ SANDBOX_PAYOUT_DELAY_S: '3600' });
    const { client } = app.deps.database;
    const provider = app.deps.payments;
    const p = await createPlayer(app);
    await fund(app, p.userId, 100_000);
    const { row: stale } = await recordWithdrawal(client, app.deps.ledger, {
      userId: p.userId, currency: 'BTC-CHAIN', destination: { kind: 'address', value: ADDRESS }, amountCents: 10_000, tipCents: 0,
      rate: '50000', provider, limits: { dailyMaxCents: 1e9, maxOpen: 10, autoApproveCents: 1e9 },
    });
    expect(stale.attempts).toBe(0);
    const opts = { autoApproveCents: 1e9, retryMs: 3_600_000 };
    // Run B: BTCPay makes the payout, but its answer never comes back.
    const lostAnswer = Object.assign(Object.create(provider), {
      createPayout: async (req: Parameters<typeof provider.createPayout>[0]) => {
        await provider.createPayout(req);
        throw new PaymentsError('BTCPay Server could not be reached', 'unavailable');
      },
    });
    expect(await submitPayout(client, app.deps.ledger, lostAnswer, stale, opts)).toBeNull();
    // Run A read the row before B's attempt (attempts 0), so it would not look for B's payout first.
    await submitPayout(client, app.deps.ledger, provider, stale, opts);
    expect((await provider.findPayoutsByWithdrawalId(stale.id)).length).toBe(1);
  });
});

describe("an operator's reject and a payout being created for the same withdrawal: exactly one wins", () => {
  test('raced at several offsets: either cancelled with no live payout, or pending with its one payout; the books balance', async () => {
    const { app, other, p, failNextPayout } = await slowPayouts();
    // The reject side voids slowly (injected delay), so its read and its void stand well apart.
    const slowVoid: Ledger = { ...app.deps.ledger, void: async (holdId, o) => (await Bun.sleep(60), app.deps.ledger.void(holdId, o)) };
    const rejecter = createWithdrawalService({
      client: app.deps.database.client, ledger: slowVoid, provider: app.deps.payments, logger: app.deps.logger, network: 'regtest',
      limits: { dailyMaxCents: 1e9, maxOpen: 100, autoApproveCents: 1e9 }, retryMs: 3_600_000, onChanges: () => {},
    });
    const outcomes = new Set<string>();
    // A positive offset starts the reject first, a negative one the payout attempt.
    for (const offsetMs of [0, 5, 20, 60, 120, -5, -30, -120]) {
      // A withdrawal whose first payout attempt found BTCPay down: 'creating', free for the next attempt.
      failNextPayout();
      const { withdrawal } = await app.deps.withdrawals.create({ userId: p.userId, currency: 'BTC-CHAIN', address: ADDRESS, amountCents: 10_000, tipCents: 0 });
      expect(withdrawal.status).toBe('creating');
      const rejectNow = () => rejecter.reject(withdrawal.id, 'Raced').then(() => 'rejected', (e) => (e.status === 409 ? 'refused' : Promise.reject(e)));
      let said: string;
      if (offsetMs >= 0) {
        const reject = rejectNow();
        await Bun.sleep(offsetMs);
        [said] = await Promise.all([reject, other.reconcileOnce()]);
      } else {
        const attempt = other.reconcileOnce();
        await Bun.sleep(-offsetMs);
        [said] = await Promise.all([rejectNow(), attempt]);
      }
      await other.reconcileOnce();
      const w = (await other.get(p.userId, withdrawal.id))!;
      const live = (await app.deps.payments.findPayoutsByWithdrawalId(w.id)).filter((x) => x.state !== 'Cancelled');
      if (said === 'rejected') {
        expect({ status: w.status, live: live.length }).toEqual({ status: 'cancelled', live: 0 });
      } else {
        expect({ status: w.status, live: live.map((x) => x.id) }).toEqual({ status: 'pending', live: [w.payoutId!] });
      }
      outcomes.add(said);
      expect((await verifyLedger(app.deps.database.client)).ok).toBe(true);
    }
    // Both sides won some of the races.
    expect(outcomes).toEqual(new Set(['rejected', 'refused']));
    // The wallet holds exactly the withdrawals still pending.
    const pending = await app.deps.database.client.execute({ sql: "SELECT coalesce(sum(amount_cents), 0) AS c FROM withdrawals WHERE user_id = ? AND status = 'pending'", args: [p.userId] });
    expect((await app.deps.ledger.balance(walletId(p.userId))).availableCents).toBe(100_000 - Number(pending.rows[0]!.c));
  });
});
