// Every movement that changes what a player may spend tells their other open pages the new balance, so a tab left
// open elsewhere never offers credits that are gone.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { gameAccounts, moveTo } from '../../../tests/helpers/games';
import { fund } from '../../../tests/helpers/money';
import { createPlayer } from '../../../tests/helpers/players';

let app: TestApp;
beforeAll(async () => {
  app = await makeApp({ SANDBOX_PAYOUT_DELAY_S: '3600' });
});
afterAll(() => app.deps.database.client.close());

/** The wallet amounts pushed to the player's pages while `act` runs (and just after: pushes follow the commit). */
async function pushedDuring(userId: string, act: () => Promise<unknown>): Promise<number[]> {
  const heard: number[] = [];
  const off = app.deps.hub.subscribe(userId, (m: any) => m.event === 'amount' && heard.push(m.data.walletAmount));
  try {
    await act();
    await Bun.sleep(50);
  } finally {
    off();
  }
  return heard;
}

test('a transfer to a game pushes the wallet left after it', async () => {
  const p = await createPlayer(app);
  await fund(app, p.userId, 10_000);
  const userName = (await gameAccounts(app, p))['vblink'].gameCredentialId.userName;
  expect(await pushedDuring(p.userId, () => moveTo(app, p, { gameId: 'vblink', userName, amount: 30 }))).toEqual([70]);
});

test('a withdrawal request pushes the wallet left after its amount and tip', async () => {
  const p = await createPlayer(app);
  await fund(app, p.userId, 30_000);
  const ask = () => call(app, 'POST', '/api/v1/withdraw/withdraw-request', { currency: 'BTC-CHAIN', wallet_address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', amount: 100, tip: 2 }, { token: p.token });
  expect(await pushedDuring(p.userId, ask)).toEqual([198]);
});
