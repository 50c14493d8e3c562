import { beforeAll, describe, expect, test } from 'bun:test';
import { call, LOOPBACK, makeApp, page, type TestApp } from '../../../tests/helpers/app';
import { gameAccounts, moveTo, redeemFrom } from '../../../tests/helpers/games';
import { fund } from '../../../tests/helpers/money';
import { createPlayer, type TestPlayer } from '../../../tests/helpers/players';

// A history row's details say what happened in words: the game account a move went to, a deposit that arrived in
// part or late. No row shows a bare id.
let app: TestApp;
let p: TestPlayer;

beforeAll(async () => {
  app = await makeApp();
  p = await createPlayer(app);
  await fund(app, p.userId, 10_000);
});

const rows = async (type: string) => (await call(app, 'GET', `/api/v1/transaction/transaction-List/${type}`, undefined, { token: p.token })).json.TransactionList as Record<string, any>[];
const deposit = async (amount: string) => (await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount }, { token: p.token })).json.data as { depositId: string; invoiceId: string };
const simulate = (id: string, action: string) => call(app, 'POST', `/api/v1/sandbox/deposits/${id}/simulate`, { action }, { token: p.token, peer: LOOPBACK });
/** What the history page shows (its table), not the data its script starts from. */
const historyPage = async () => {
  const doc = await (await page(app, '/transactions', { cookie: `token=${p.token}` })).text();
  return doc.slice(doc.indexOf('<tbody>'), doc.indexOf('</tbody>'));
};

describe('history details in words', () => {
  test('a game move names its game and account, never its order id', async () => {
    const games = await gameAccounts(app, p);
    const userName = games['ultra-panda'].gameCredentialId.userName;
    expect((await moveTo(app, p, { gameId: 'ultra-panda', userName, amount: 12 })).status).toBe(200);
    expect((await redeemFrom(app, p, { gameId: 'ultra-panda', userName, amount: 2 })).status).toBe(200);
    const [redeem] = await rows('REDEEM');
    const [transfer] = await rows('TRANSFER');
    expect([transfer!.gameAccount, redeem!.gameAccount]).toEqual([userName, userName]);
    const doc = await historyPage();
    expect(doc).toContain(`To Ultra Panda account ${userName}`);
    expect(doc).toContain(`From Ultra Panda account ${userName}`);
    for (const r of [transfer!, redeem!]) expect(doc).not.toContain(r.orderId);
  });

  test('a deposit paid in part says so; one paid after its invoice expired says it arrived late', async () => {
    const part = await deposit('20');
    await simulate(part.depositId, 'pay-part');
    const late = await deposit('30');
    await simulate(late.depositId, 'pay-late');
    await simulate(late.depositId, 'confirm');
    await app.deps.deposits.idle();
    const [lateRow, partRow] = await rows('DEPOSIT');
    expect(partRow).toMatchObject({ amount: 10, depositAmount: 20, transactionStatus: 'completed' });
    expect(partRow!.late).toBeUndefined();
    expect(lateRow).toMatchObject({ amount: 30, depositAmount: 30, late: true });
    const doc = await historyPage();
    expect(doc).toContain('Partial: $10.00 of a $20.00 deposit');
    expect(doc).toContain('Arrived late, after the invoice expired');
    // The invoice is named as one, for support.
    expect(doc).toContain(`Invoice ${part.invoiceId}`);
    // Paid in full after all: no longer partial.
    await simulate(part.depositId, 'pay');
    await app.deps.deposits.idle();
    expect((await rows('DEPOSIT'))[1]).toMatchObject({ amount: 20, depositAmount: 20 });
    expect(await historyPage()).not.toContain('Partial: ');
  });
});
