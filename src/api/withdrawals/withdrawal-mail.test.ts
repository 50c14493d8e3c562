import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeBolt11 } from '../../../tests/helpers/bolt11';
import { call, LOOPBACK, makeApp, type TestApp } from '../../../tests/helpers/app';
import { waitForMail } from '../../../tests/helpers/accounts';
import { fund } from '../../../tests/helpers/money';
import { createPlayer } from '../../../tests/helpers/players';

let app: TestApp;
beforeAll(async () => {
  // Payouts wait for the sandbox's Complete control, so each test ends its own.
  app = await makeApp({ SANDBOX_PAYOUT_DELAY_S: '3600' });
});
afterAll(() => app.deps.database.client.close());

async function sentMail(body: Record<string, unknown>) {
  const p = await createPlayer(app);
  await fund(app, p.userId, 50_000);
  const r = await call(app, 'POST', '/api/v1/withdraw/withdraw-request', body, { token: p.token });
  expect(r.status).toBe(200);
  expect((await call(app, 'POST', `/api/v1/sandbox/withdrawals/${r.json.data.withdrawalId}/complete`, undefined, { token: p.token, peer: LOOPBACK })).status).toBe(200);
  return waitForMail(app, p.email, /Your withdrawal was sent/);
}

describe('the withdrawal-sent e-mail', () => {
  test('on-chain: it arrives once the network confirms it', async () => {
    const m = await sentMail({ currency: 'BTC-CHAIN', wallet_address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', amount: 100 });
    expect(m.text).toContain('It reaches your wallet once the Bitcoin network confirms it.');
  });

  test('Lightning: paid at once, no confirmation to wait for', async () => {
    const m = await sentMail({ currency: 'BTC-LN', wallet_address: makeBolt11({ sats: null }), amount: 5 });
    expect(m.text).toContain('It was paid over Lightning, so it is in your wallet already.');
    expect(m.text).not.toContain('confirms');
  });
});
