import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { ledgerDb } from '../../../tests/helpers/ledger-db';
import { AppError } from '../../lib/app-error';
import { createLedger } from './ledger';
import { verifyLedger } from './ledger-verify';
import { gameAccountId, systemId, walletId, type Ledger, type Transfer } from './ledger.types';

// Random rounds of ledger operations against a real libSQL file. The operations of one round run concurrently;
// afterwards every answer is checked against a model built from the answers themselves, and the database must
// equal that model exactly (what succeeded was applied once, what failed left no trace) and pass verifyLedger.

const PLAYERS = [walletId('p0'), walletId('p1'), walletId('p2'), gameAccountId('p0', 'vblink')];
const SYSTEMS = [systemId('bitcoin_deposits'), systemId('bitcoin_withdrawals'), systemId('game_float:vblink')];
const ALL = [...PLAYERS, ...SYSTEMS];

type Op =
  | { t: 'transfer' | 'hold'; from: number; to: number; amount: number; ref: number | null }
  | { t: 'post'; hold: number; amount: number | null }
  | { t: 'void'; hold: number };

const amount = fc.integer({ min: 1, max: 3_000 });
const move = (t: 'transfer' | 'hold') =>
  fc.record({ t: fc.constant(t), from: fc.nat(ALL.length - 1), to: fc.nat(ALL.length - 2), amount, ref: fc.option(fc.nat(3), { freq: 3 }) });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: move('transfer') },
  { weight: 2, arbitrary: move('hold') },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('post' as const), hold: fc.nat(20), amount: fc.option(amount, { freq: 2 }) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('void' as const), hold: fc.nat(20) }) },
);
const rounds = fc.array(fc.array(op, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 6 });

type Hold = { id: string; from: string; to: string; amount: number; state: 'pending' | 'posted' | 'voided' };
type Answer = { op: Op; from?: string; to?: string; hold?: Hold; ok?: Transfer; err?: AppError };

class Model {
  balance = new Map<string, number>(ALL.map((a) => [a, 0]));
  pending = new Map<string, number>(ALL.map((a) => [a, 0]));
  holds: Hold[] = [];
  refs = new Map<number, string>();
  available = (a: string) => this.balance.get(a)! - this.pending.get(a)!;
  add(map: Map<string, number>, a: string, d: number) {
    map.set(a, map.get(a)! + d);
  }
}

async function runRound(ledger: Ledger, model: Model, ops: Op[]): Promise<Answer[]> {
  return Promise.all(
    ops.map(async (o): Promise<Answer> => {
      const a: Answer = { op: o };
      try {
        if (o.t === 'transfer' || o.t === 'hold') {
          a.from = ALL[o.from]!;
          a.to = ALL.filter((x) => x !== a.from)[o.to]!;
          const m = { debit: a.from, credit: a.to, amountCents: o.amount, code: 'PROP', externalRef: o.ref === null ? undefined : `ref-${o.ref}` };
          a.ok = await (o.t === 'transfer' ? ledger.transfer(m) : ledger.hold(m));
        } else if (o.t === 'post' || o.t === 'void') {
          a.hold = model.holds[o.hold % Math.max(1, model.holds.length)];
          if (!a.hold) return a;
          a.ok = await (o.t === 'post' ? ledger.post(a.hold.id, o.amount === null ? {} : { amountCents: o.amount }) : ledger.void(a.hold.id));
        }
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        a.err = e;
      }
      return a;
    }),
  );
}

/** Checks one round's answers against the model as it stood before the round, then applies the successes. */
function checkRound(model: Model, answers: Answer[]) {
  const start = new Map(ALL.map((x) => [x, model.available(x)]));
  const settledBefore = new Map(model.holds.map((h) => [h.id, h.state]));
  const spent = (acct: string, except: Answer) =>
    answers.filter((x) => x !== except && x.ok && !x.ok.replayed && x.from === acct && x.op.t !== 'post' && x.op.t !== 'void').reduce((s, x) => s + (x.op as { amount: number }).amount, 0);
  for (const a of answers) {
    const o = a.op;
    if (o.t === 'transfer' || o.t === 'hold') {
      const ref = o.ref === null ? null : `ref-${o.ref}`;
      if (a.err) {
        // Refused only when no serial order of this round could have paid it.
        expect(a.err.errorType).toBe('INSUFFICIENT_FUNDS');
        expect(PLAYERS).toContain(a.from!);
        expect(o.amount).toBeGreaterThan(start.get(a.from!)! - spent(a.from!, a));
      } else if (a.ok!.replayed) {
        expect(ref).not.toBeNull();
        const owner = model.refs.get(o.ref!) ?? answers.find((x) => x.ok && !x.ok.replayed && x.ok.externalRef === ref)?.ok?.id;
        expect(a.ok!.id).toBe(owner!);
      } else {
        expect(a.ok).toMatchObject({ debitAccountId: a.from, creditAccountId: a.to, amountCents: o.amount, externalRef: ref, status: o.t === 'hold' ? 'pending' : 'posted' });
        if (o.ref !== null) {
          expect(model.refs.has(o.ref)).toBe(false);
          model.refs.set(o.ref, a.ok!.id);
        }
        if (o.t === 'hold') {
          model.add(model.pending, a.from!, o.amount);
          model.holds.push({ id: a.ok!.id, from: a.from!, to: a.to!, amount: o.amount, state: 'pending' });
        } else {
          model.add(model.balance, a.from!, -o.amount);
          model.add(model.balance, a.to!, o.amount);
        }
      }
    } else if (a.hold) {
      const h = a.hold;
      const wanted = o.t === 'post' ? (o.amount ?? h.amount) : h.amount;
      if (a.err) {
        const settled = settledBefore.get(h.id) !== 'pending' || answers.some((x) => x.hold === h && x.ok);
        if (a.err.errorType === 'HOLD_NOT_PENDING') expect(settled).toBe(true);
        else expect([a.err.status, wanted > h.amount]).toEqual([400, true]);
      } else {
        expect([settledBefore.get(h.id), h.state, wanted <= h.amount]).toEqual(['pending', 'pending', true]);
        expect(a.ok).toMatchObject({ pendingId: h.id, amountCents: wanted, status: o.t === 'post' ? 'posted' : 'voided' });
        h.state = o.t === 'post' ? 'posted' : 'voided';
        model.add(model.pending, h.from, -h.amount);
        if (o.t === 'post') {
          model.add(model.balance, h.from, -wanted);
          model.add(model.balance, h.to, wanted);
        }
      }
    }
  }
  // A hold that was pending and was asked to settle (with a valid amount) got exactly one settlement.
  for (const h of model.holds.filter((x) => settledBefore.get(x.id) === 'pending')) {
    const tries = answers.filter((x) => x.hold === h && !(x.op.t === 'post' && (x.op.amount ?? 0) > h.amount));
    if (tries.length) expect(answers.filter((x) => x.hold === h && x.ok)).toHaveLength(1);
  }
}

describe('ledger properties', () => {
  test('concurrent random transfers, holds, posts and voids: every answer matches the final state', async () => {
    await fc.assert(
      fc.asyncProperty(rounds, fc.array(fc.integer({ min: 0, max: 5_000 }), { minLength: 3, maxLength: 3 }), async (plan, deposits) => {
        const { client } = await ledgerDb();
        const ledger = createLedger(client);
        const model = new Model();
        for (const [i, cents] of deposits.entries()) {
          if (!cents) continue;
          await ledger.transfer({ debit: SYSTEMS[0]!, credit: PLAYERS[i]!, amountCents: cents, code: 'DEPOSIT' });
          model.add(model.balance, SYSTEMS[0]!, -cents);
          model.add(model.balance, PLAYERS[i]!, cents);
        }
        for (const ops of plan) checkRound(model, await runRound(ledger, model, ops));
        for (const acct of ALL) {
          const b = await ledger.balance(acct);
          expect([acct, b.balanceCents, b.pendingCents]).toEqual([acct, model.balance.get(acct)!, model.pending.get(acct)!]);
        }
        const report = await verifyLedger(client);
        expect(report.checks.filter((c) => !c.ok)).toEqual([]);
        client.close();
      }),
      { numRuns: 40 },
    );
  });
});
