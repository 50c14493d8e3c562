import { beforeAll, describe, expect, test } from 'bun:test';
import { call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { gameAccounts, gameCents, moveTo, redeemFrom, sandboxOf } from '../../../tests/helpers/games';
import { available, fund } from '../../../tests/helpers/money';
import { createPlayer, type TestPlayer } from '../../../tests/helpers/players';
import { verifyLedger } from '../../services/ledger/ledger-verify';
import { systemId, walletId } from '../../services/ledger/ledger.types';

let app: TestApp;
let alice: TestPlayer;
let bob: TestPlayer;
let up: string; // alice's Ultra Panda user name
let vb: string;

beforeAll(async () => {
  // A short provider timeout, so a slow game can be seen to time out.
  app = await makeApp({}, { gameTimeoutMs: 150 });
  alice = await createPlayer(app);
  bob = await createPlayer(app);
  await fund(app, alice.userId, 10_000);
  const a = await gameAccounts(app, alice);
  up = a['ultra-panda'].gameCredentialId.userName;
  vb = a['vblink'].gameCredentialId.userName;
});

const history = async (p: TestPlayer, type: string) => (await call(app, 'GET', `/api/v1/transaction/transaction-List/${type}`, undefined, { token: p.token })).json.TransactionList as any[];
const ledgerOk = async () => expect((await verifyLedger(app.deps.database.client)).ok).toBe(true);

describe('transfer to game', () => {
  test('moves credits from the wallet to the game; history shows a − TRANSFER naming the game', async () => {
    const r = await moveTo(app, alice, { gameId: 'ultra-panda', userName: up, amount: 25 });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ success: true, message: '$25.00 transferred to Ultra Panda.', walletAmount: 75, gameBalance: 25, order: { status: 'completed' } });
    expect(await available(app, alice.userId)).toBe(7_500);
    expect(await gameCents(app, 'ultra-panda', up)).toBe(2_500);
    expect((await app.deps.ledger.balance(systemId('game_float:ultra-panda'))).balanceCents).toBe(2_500);
    const [row] = await history(alice, 'TRANSFER');
    expect(row).toMatchObject({ type: 'TRANSFER', direction: 'out', amount: 25, transactionStatus: 'completed', gameId: { _id: 'ultra-panda', gameName: 'Ultra Panda' }, orderId: r.json.order._id });
    await ledgerOk();
  });

  test("spec §5 messages; bad amounts, another player's user name and unknown games change nothing", async () => {
    const before = await available(app, alice.userId);
    const empty = await moveTo(app, alice, {});
    expect(empty.status).toBe(400);
    expect(empty.json.errors).toEqual([
      { field: 'gameId', message: 'Game is required' },
      { field: 'userName', message: 'Username is required' },
      { field: 'amount', message: 'Enter a valid amount' },
    ]);
    for (const amount of [0, -1, 1.234, '12.345', 'abc', null, true, '1e3', 1e20, '25', '5.50']) {
      const r = await moveTo(app, alice, { gameId: 'ultra-panda', userName: up, amount });
      expect(r.status).toBe(400);
      expect(r.json.errors[0].field).toBe('amount');
    }
    const bobs = await gameAccounts(app, bob);
    const theirs = await moveTo(app, alice, { gameId: 'ultra-panda', userName: bobs['ultra-panda'].gameCredentialId.userName, amount: 1 });
    expect(theirs.status).toBe(403);
    expect(theirs.json.errors).toEqual([{ field: 'userName', message: 'This user name is not your account for this game.' }]);
    const crossed = await moveTo(app, alice, { gameId: 'vblink', userName: up, amount: 1 });
    expect(crossed.status).toBe(403);
    const unknown = await moveTo(app, alice, { gameId: 'nope', userName: up, amount: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.json.errors).toEqual([{ field: 'gameId', message: 'Game not found.' }]);
    const broke = await moveTo(app, alice, { gameId: 'ultra-panda', userName: up, amount: 100_000 });
    expect(broke.status).toBe(409);
    expect(broke.json.errorType).toBe('INSUFFICIENT_FUNDS');
    expect(await available(app, alice.userId)).toBe(before);
    expect(await gameCents(app, 'vblink', bobs['vblink'].gameCredentialId.userName)).toBe(0);
    await ledgerOk();
  });

  test('a provider failure after the hold: 502 with the reason, credits back, the row failed, the ledger holds', async () => {
    const before = await available(app, alice.userId);
    const gameBefore = await gameCents(app, 'vblink', vb);
    sandboxOf(app).failNext('load', 'The game server is unavailable. Please try again later.');
    const r = await moveTo(app, alice, { gameId: 'vblink', userName: vb, amount: 10 });
    expect(r.status).toBe(502);
    expect(r.json.message).toBe('Transfer failed: The game server is unavailable. Please try again later. Your credits are back in your wallet.');
    expect(await available(app, alice.userId)).toBe(before);
    expect((await app.deps.ledger.balance(walletId(alice.userId))).pendingCents).toBe(0);
    expect(await gameCents(app, 'vblink', vb)).toBe(gameBefore);
    const [row] = await history(alice, 'TRANSFER');
    expect(row).toMatchObject({ amount: 10, transactionStatus: 'failed', gameId: { gameName: 'VBlink' } });
    await ledgerOk();
  });

  test('a timeout whose load did land: held (202), then posted through the reference, never loaded twice', async () => {
    const before = await available(app, alice.userId);
    const gameBefore = await gameCents(app, 'vblink', vb);
    sandboxOf(app).delayNext('load', 600);
    const r = await moveTo(app, alice, { gameId: 'vblink', userName: vb, amount: 5 });
    expect(r.status).toBe(202);
    expect(r.json).toMatchObject({ success: true, order: { status: 'pending' }, message: 'Your transfer of $5.00 to VBlink is waiting for the game. The credits are held until it completes.' });
    expect(await available(app, alice.userId)).toBe(before - 500);
    expect((await app.deps.ledger.balance(walletId(alice.userId))).pendingCents).toBe(500);
    expect((await history(alice, 'TRANSFER'))[0].transactionStatus).toBe('pending');
    // Not yet looked up: its own call has not had its time.
    await Bun.sleep(200);
    expect(await app.deps.games.reconcile()).toBe(1);
    expect(await app.deps.games.reconcile()).toBe(0);
    expect((await app.deps.ledger.balance(walletId(alice.userId))).pendingCents).toBe(0);
    expect(await available(app, alice.userId)).toBe(before - 500);
    expect(await gameCents(app, 'vblink', vb)).toBe(gameBefore + 500);
    expect((await history(alice, 'TRANSFER'))[0].transactionStatus).toBe('completed');
    const calls = await app.deps.database.client.execute({ sql: "SELECT count(*) AS n FROM sandbox_game_calls WHERE kind = 'load' AND ref = ?", args: [`gload:${r.json.order._id}`] });
    expect(Number(calls.rows[0]!.n)).toBe(1);
    await Bun.sleep(500); // the late answer arrives and is dropped
    expect(await gameCents(app, 'vblink', vb)).toBe(gameBefore + 500);
    await ledgerOk();
  });

  test('a timeout the game never received is voided on look-up: the credits return', async () => {
    const before = await available(app, alice.userId);
    // The sandbox refuses (nothing recorded) but answers late: the look-up finds no record of the reference.
    sandboxOf(app).failNext('load', 'lost');
    sandboxOf(app).delayNext('load', 400);
    const r = await moveTo(app, alice, { gameId: 'vblink', userName: vb, amount: 3 });
    expect(r.status).toBe(202);
    expect(await available(app, alice.userId)).toBe(before - 300);
    await Bun.sleep(200);
    expect(await app.deps.games.reconcile()).toBe(1);
    expect(await available(app, alice.userId)).toBe(before);
    expect((await history(alice, 'TRANSFER'))[0].transactionStatus).toBe('failed');
    await Bun.sleep(300);
    await ledgerOk();
  });

  test('the same Idempotency-Key twice at once (a double click) moves credits once', async () => {
    const before = await available(app, alice.userId);
    const gameBefore = await gameCents(app, 'ultra-panda', up);
    const body = { gameId: 'ultra-panda', userName: up, amount: 7 };
    const [a, b] = await Promise.all([moveTo(app, alice, body, { 'Idempotency-Key': 'dbl-1' }), moveTo(app, alice, body, { 'Idempotency-Key': 'dbl-1' })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.json.order._id).toBe(b.json.order._id);
    expect(await available(app, alice.userId)).toBe(before - 700);
    expect(await gameCents(app, 'ultra-panda', up)).toBe(gameBefore + 700);
    await ledgerOk();
  });

  test('concurrent transfers beyond the balance: only what fits succeeds', async () => {
    const dave = await createPlayer(app);
    await fund(app, dave.userId, 10_000);
    const name = (await gameAccounts(app, dave))['vblink'].gameCredentialId.userName;
    const answers = await Promise.all(Array.from({ length: 10 }, () => moveTo(app, dave, { gameId: 'vblink', userName: name, amount: 25 })));
    const codes = answers.map((r) => r.status).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(4);
    expect(codes.filter((c) => c === 409)).toHaveLength(6);
    expect(await available(app, dave.userId)).toBe(0);
    expect(await gameCents(app, 'vblink', name)).toBe(10_000);
    await ledgerOk();
  });
});

describe('redeem from game', () => {
  test('credits the wallet with what the game confirms; history shows a + REDEEM naming the game', async () => {
    const before = await available(app, alice.userId);
    const gameBefore = await gameCents(app, 'ultra-panda', up);
    const r = await redeemFrom(app, alice, { gameId: 'ultra-panda', userName: up, amount: 10 });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ success: true, message: '$10.00 redeemed from Ultra Panda to your wallet.', order: { status: 'completed' }, gameBalance: (gameBefore - 1_000) / 100 });
    expect(await available(app, alice.userId)).toBe(before + 1_000);
    expect(await gameCents(app, 'ultra-panda', up)).toBe(gameBefore - 1_000);
    expect((await history(alice, 'REDEEM'))[0]).toMatchObject({ type: 'REDEEM', direction: 'in', amount: 10, transactionStatus: 'completed', gameId: { gameName: 'Ultra Panda' } });
    await ledgerOk();
  });

  test('more than the game balance is refused with a clear message; nothing moves', async () => {
    const before = await available(app, alice.userId);
    const gameNow = await gameCents(app, 'ultra-panda', up);
    const r = await redeemFrom(app, alice, { gameId: 'ultra-panda', userName: up, amount: gameNow / 100 + 0.01 });
    expect(r.status).toBe(409);
    expect(r.json.errors).toEqual([{ field: 'amount', message: `Amount is more than your Ultra Panda balance of $${(gameNow / 100).toFixed(2)}.` }]);
    expect(await available(app, alice.userId)).toBe(before);
    const theirs = await redeemFrom(app, alice, { gameId: 'ultra-panda', userName: (await gameAccounts(app, bob))['ultra-panda'].gameCredentialId.userName, amount: 1 });
    expect(theirs.status).toBe(403);
  });

  test('winnings make it possible to redeem more than was loaded (the game float goes below zero)', async () => {
    const erin = await createPlayer(app);
    await fund(app, erin.userId, 1_000);
    const name = (await gameAccounts(app, erin))['vblink'].gameCredentialId.userName;
    expect((await moveTo(app, erin, { gameId: 'vblink', userName: name, amount: 10 })).status).toBe(200);
    // A win inside the game: the vendor's figure, not our ledger.
    await app.deps.database.client.execute({ sql: "UPDATE sandbox_game_accounts SET balance_cents = balance_cents + 500 WHERE game_id = 'vblink' AND user_name = ?", args: [name] });
    const r = await redeemFrom(app, erin, { gameId: 'vblink', userName: name, amount: 15 });
    expect(r.status).toBe(200);
    expect(await available(app, erin.userId)).toBe(1_500);
    await ledgerOk();
  });

  test('a game that refuses: 502 with its reason, nothing credited, the row failed', async () => {
    const before = await available(app, alice.userId);
    sandboxOf(app).failNext('redeem', 'Not enough credits in the game.');
    const r = await redeemFrom(app, alice, { gameId: 'ultra-panda', userName: up, amount: 1 });
    expect(r.status).toBe(502);
    expect(r.json.message).toBe('Redeem failed: Not enough credits in the game.');
    expect(await available(app, alice.userId)).toBe(before);
    expect((await history(alice, 'REDEEM'))[0]).toMatchObject({ amount: 1, transactionStatus: 'failed' });
    await ledgerOk();
  });

  test('a retried redeem with the same Idempotency-Key credits once', async () => {
    const before = await available(app, alice.userId);
    const body = { gameId: 'ultra-panda', userName: up, amount: 1 };
    const [a, b] = await Promise.all([redeemFrom(app, alice, body, { 'Idempotency-Key': 'red-1' }), redeemFrom(app, alice, body, { 'Idempotency-Key': 'red-1' })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await available(app, alice.userId)).toBe(before + 100);
    await ledgerOk();
  });
});
