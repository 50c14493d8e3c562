import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeApp, type TestApp } from '../../../tests/helpers/app';
import { fund } from '../../../tests/helpers/money';
import { createPlayer, type TestPlayer } from '../../../tests/helpers/players';
import type { RaceAnswer, RaceGo, RaceRole } from '../../../tests/helpers/withdrawal-race-worker';
import { type BtcpayDouble, startBtcpayDouble } from '../../../tests/doubles/btcpay';
import { verifyLedger } from '../ledger/ledger-verify';
import { walletId } from '../ledger/ledger.types';

const WORKER = join(import.meta.dir, '../../../tests/helpers/withdrawal-race-worker.ts');
const SECRET = 'whsec-race-5Tn8Qp';
const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
// Its own address: BTCPay refuses a destination an unfinished payout already holds, so one race cannot trip the other.
const APPROVE_ADDRESS = 'bcrt1qpvc9275lcn5suv6c0k3v0mq3xedcpfw2el5e9v';
const FUNDED = 10_000_000;
// Milliseconds the reject starts after (positive) or before (negative) the other side, one per round: the claims land
// within a few milliseconds of each other, so small offsets either way cover who-claims-first and claim-while-in-flight.
const OFFSETS = [0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 0, -1, -2, -3, 3, 6, 9];

let double: BtcpayDouble;
let app: TestApp;
let player: TestPlayer;

beforeAll(async () => {
  double = await startBtcpayDouble();
  app = await makeApp({
    BTCPAY_URL: double.url, BTCPAY_API_KEY: double.apiKey, BTCPAY_STORE_ID: double.storeId, BTCPAY_WEBHOOK_SECRET: SECRET,
    WITHDRAWAL_MAX_OPEN: '100', WITHDRAWAL_DAILY_MAX_DOLLARS: '1000000', WITHDRAWAL_AUTO_APPROVE_DOLLARS: '1000',
  });
  player = await createPlayer(app);
  await fund(app, player.userId, FUNDED);
});

/** Every worker started, so a failed round never leaves one waiting for its next go. */
const workers: { kill(): void }[] = [];

afterAll(async () => {
  for (const w of workers) w.kill();
  await double.close();
  // Both processes spoke BTCPay's contract on every call.
  expect(double.violations).toEqual([]);
});

/** Two worker processes on the app's database file and the one BTCPay double, each playing one role for every round. */
async function startRace(roles: [RaceRole, RaceRole], rounds: number) {
  const flags = mkdtempSync(join(app.dir, 'race-'));
  const btcpay = JSON.stringify({ url: double.url, apiKey: double.apiKey, storeId: double.storeId, webhookSecret: SECRET });
  const procs = roles.map((role) =>
    Bun.spawn([process.execPath, WORKER, app.config.DATABASE_URL, btcpay, role, flags, String(rounds)], { stdout: 'pipe', stderr: 'pipe' }),
  );
  workers.push(...procs);
  const failed = async () => {
    for (const p of procs) if (p.exitCode !== null && p.exitCode !== 0) throw new Error(`worker exited ${p.exitCode}: ${await new Response(p.stderr).text()}`);
  };
  const waitFor = async (files: string[]) => {
    while (!files.every((f) => existsSync(join(flags, f)))) {
      await failed();
      await Bun.sleep(2);
    }
  };
  await waitFor(roles.map((r) => `ready-${r}`));
  return {
    /** Starts one round on withdrawal `id` (both sides at the same instant, the reject shifted by `offset`) and returns both answers. */
    async round(n: number, id: string, offset: number): Promise<Record<RaceRole, RaceAnswer>> {
      const go: RaceGo = { id, at: Date.now() + 20, delays: { reject: Math.max(0, offset), [roles[1]]: Math.max(0, -offset) } };
      writeFileSync(join(flags, `.go-${n}`), JSON.stringify(go));
      renameSync(join(flags, `.go-${n}`), join(flags, `go-${n}`));
      await waitFor(roles.map((r) => `done-${n}-${r}`));
      return Object.fromEntries(roles.map((r) => [r, JSON.parse(readFileSync(join(flags, `done-${n}-${r}`), 'utf8'))])) as Record<RaceRole, RaceAnswer>;
    },
    async end() {
      for (const p of procs) {
        const [code, err] = await Promise.all([p.exited, new Response(p.stderr).text()]);
        expect({ code, err: err.slice(0, 500) }).toEqual({ code: 0, err: '' });
      }
    },
  };
}

/** The withdrawal, its payouts at BTCPay, its hold and its history row, as they stand. */
async function stateOf(id: string) {
  const w = (await app.deps.withdrawals.get(player.userId, id))!;
  const payouts = await app.deps.payments.findPayoutsByWithdrawalId(id);
  const db = app.deps.database.client;
  const hold = (await db.execute({ sql: 'SELECT status FROM transfers WHERE id = ?', args: [w.holdId] })).rows[0]!;
  const settled = (await db.execute({ sql: 'SELECT count(*) AS n FROM transfers WHERE pending_id = ?', args: [w.holdId] })).rows[0]!;
  const history = (await db.execute({ sql: 'SELECT status FROM transactions WHERE id = ?', args: [w.historyId] })).rows[0]!;
  return { w, payouts, live: payouts.filter((p) => p.state !== 'Cancelled'), hold: String(hold.status), settlements: Number(settled.n), history: String(history.status) };
}

/** After every round: the books balance, and the wallet is short exactly the withdrawals still held or sent. */
async function booksBalance() {
  expect((await verifyLedger(app.deps.database.client)).checks.filter((c) => !c.ok)).toEqual([]);
  const out = await app.deps.database.client.execute({
    sql: "SELECT coalesce(sum(amount_cents + tip_cents), 0) AS c FROM withdrawals WHERE user_id = ? AND status IN ('creating', 'pending', 'cancelling', 'completed')",
    args: [player.userId],
  });
  expect((await app.deps.ledger.balance(walletId(player.userId))).availableCents).toBe(FUNDED - Number(out.rows[0]!.c));
}

/** A winning payout is sent and settled, so the next round's reconciliation has only its own withdrawal to look at. */
async function send(payoutId: string) {
  double.completePayout(payoutId);
  await app.deps.withdrawals.syncPayout(payoutId);
}

describe('withdrawal transitions raced from two processes on one database file and one BTCPay', () => {
  test("an operator's reject against reconciliation's payout submission: one wins, never a live payout after the void", async () => {
    await app.deps.withdrawals.rate(); // remembered, so a request can be held while BTCPay is down
    const race = await startRace(['reject', 'submit'], OFFSETS.length);
    const seen = new Set<string>();
    for (const [n, offset] of OFFSETS.entries()) {
      // A withdrawal whose first payout attempt found BTCPay down: held, 'creating', free for reconciliation's next attempt.
      await double.setDown(true);
      const { withdrawal } = await app.deps.withdrawals.create({ userId: player.userId, currency: 'BTC-CHAIN', address: ADDRESS, amountCents: 2_000, tipCents: 0 });
      await double.setDown(false);
      expect([withdrawal.status, withdrawal.attempts, withdrawal.payoutId]).toEqual(['creating', 1, null]);

      const said = await race.round(n, withdrawal.id, offset);
      expect(said.submit).toEqual({ ok: true, failed: 0 });
      const s = await stateOf(withdrawal.id);
      // One attempt at most, whoever won.
      expect(s.payouts.length).toBeLessThanOrEqual(1);
      expect(s.settlements).toBe(s.hold === 'pending' ? 0 : 1);
      let outcome: string;
      if (said.reject.ok) {
        // The reject won: credits back, and no payout is left to send them a second time.
        expect({ status: s.w.status, live: s.live, hold: s.hold, history: s.history }).toEqual({ status: 'cancelled', live: [], hold: 'voided', history: 'cancelled' });
        // No payout: the reject's claim came first. One, cancelled: the reject came after the payout was recorded (a
        // later transition of a pending withdrawal, not a lost race) and cancelled it at BTCPay before the void.
        outcome = s.payouts.length === 0 ? 'reject claimed first' : 'payout made, then cancelled by the reject';
      } else {
        // The payout won: the reject was refused while it was being created, and nothing was given back.
        expect(said.reject).toEqual({ ok: false, status: 409, message: 'The payout is being created right now. Try again in a minute.' });
        expect({ status: s.w.status, live: s.live.map((p) => p.id), hold: s.hold, history: s.history }).toEqual({ status: 'pending', live: [s.w.payoutId!], hold: 'pending', history: 'pending' });
        outcome = 'payout claimed first';
      }
      seen.add(outcome);
      await booksBalance();
      if (s.w.status === 'pending') {
        await send(s.w.payoutId!);
        expect((await stateOf(withdrawal.id)).hold).toBe('posted');
      }
    }
    await race.end();
    // The claims really overlapped: each side won some rounds outright.
    expect(seen).toContain('reject claimed first');
    expect(seen).toContain('payout claimed first');
    await booksBalance();
  }, 60_000);

  test("an operator's approval against another's reject: one wins, the payout is either approved and held or cancelled and voided", async () => {
    const race = await startRace(['reject', 'approve'], OFFSETS.length);
    const seen = new Set<string>();
    for (const [n, offset] of OFFSETS.entries()) {
      // Above the auto-approval amount: a payout awaiting an operator.
      const { withdrawal } = await app.deps.withdrawals.create({ userId: player.userId, currency: 'BTC-CHAIN', address: APPROVE_ADDRESS, amountCents: 200_000, tipCents: 0 });
      expect([withdrawal.status, withdrawal.payoutState]).toEqual(['pending', 'AwaitingApproval']);

      const said = await race.round(n, withdrawal.id, offset);
      const s = await stateOf(withdrawal.id);
      expect(s.payouts.map((p) => p.id)).toEqual([s.w.payoutId!]);
      expect(s.settlements).toBe(s.hold === 'pending' ? 0 : 1);
      let outcome: string;
      if (said.reject.ok) {
        expect({ status: s.w.status, live: s.live, hold: s.hold, history: s.history }).toEqual({ status: 'cancelled', live: [], hold: 'voided', history: 'cancelled' });
        // Both answered yes only when the reject came after the approval had ended: it cancelled the approved payout.
        if (said.approve.ok) outcome = 'approved, then cancelled by the reject';
        else {
          expect(said.approve).toEqual({ ok: false, status: 409, message: 'Only a withdrawal whose payout awaits approval can be approved.' });
          outcome = 'reject claimed first';
        }
      } else {
        // The approval won: the reject was refused while it was under way, the payout is approved and the credits held.
        expect(said.reject).toEqual({ ok: false, status: 409, message: 'The payout is being approved right now. Try again in a minute.' });
        expect(said.approve).toEqual({ ok: true });
        expect({ status: s.w.status, live: s.live.map((p) => [p.id, p.state]), payoutState: s.w.payoutState, hold: s.hold, history: s.history })
          .toEqual({ status: 'pending', live: [[s.w.payoutId!, 'AwaitingPayment']], payoutState: 'AwaitingPayment', hold: 'pending', history: 'pending' });
        outcome = 'approval claimed first';
      }
      seen.add(outcome);
      await booksBalance();
      if (s.w.status === 'pending') {
        await send(s.w.payoutId!);
        expect((await stateOf(withdrawal.id)).hold).toBe('posted');
      }
    }
    await race.end();
    expect(seen).toContain('reject claimed first');
    expect(seen).toContain('approval claimed first');
    await booksBalance();
  }, 60_000);
});
