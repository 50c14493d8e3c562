import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { call, LOOPBACK, makeApp, type TestApp } from '../../tests/helpers/app';
import { refuseMail, rows, waitForMail } from '../../tests/helpers/accounts';
import { available, fund } from '../../tests/helpers/money';
import { createPlayer } from '../../tests/helpers/players';
import { verifyLedger } from '../services/ledger/ledger-verify';

// The e-mails that tell a player what happened to their money (a deposit credited, a withdrawal requested or sent)
// are rows of the mail queue written in the same transaction as the movement: a crash after the commit loses none,
// and a movement that does not commit sends none.
let app: TestApp;
beforeAll(async () => {
  app = await makeApp({ SANDBOX_PAYOUT_DELAY_S: '3600' });
});
afterAll(() => app.deps.deposits.idle());

const queued = (email: string) => rows(app, 'SELECT kind, json_extract(data, \'$.lang\') AS lang, sent_at FROM mail_queue WHERE to_address = ? ORDER BY created_at', [email]);
const simulate = (id: string, action: string, token: string) => call(app, 'POST', `/api/v1/sandbox/deposits/${id}/simulate`, { action }, { token, peer: LOOPBACK });

describe('money notices are queued with the money', () => {
  test('a deposit credited: its e-mail is queued in the credit\'s transaction, and sent', async () => {
    const p = await createPlayer(app);
    const d = (await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount: 20 }, { token: p.token })).json.data;
    await refuseMail(app, true);
    try {
      // The credit cannot commit without its e-mail: nothing moves (the payment stays to be credited on a later read).
      await simulate(d.depositId, 'pay', p.token);
      await app.deps.deposits.idle();
      expect(await available(app, p.userId)).toBe(0);
      expect(await queued(p.email)).toEqual([]);
    } finally {
      await refuseMail(app, false);
    }
    // Read again (as the reconciler would), it credits once, with one e-mail.
    await app.deps.deposits.reconcileOnce();
    expect(await available(app, p.userId)).toBe(2_000);
    expect((await queued(p.email)).map((r) => [r.kind, r.lang])).toEqual([['deposit-credited', 'en']]);
    const mail = await waitForMail(app, p.email, /Your deposit has arrived/);
    expect(mail.text).toContain('Your deposit of $20.00 has arrived in your wallet.');
    expect(mail.text).toContain('You can move it to a game or send it to a friend right away.');
    expect((await verifyLedger(app.deps.database.client)).ok).toBe(true);
  });

  test('a withdrawal: the request\'s e-mail with its hold, the sent one with its post', async () => {
    const p = await createPlayer(app);
    await fund(app, p.userId, 50_000);
    const body = { currency: 'BTC-CHAIN', wallet_address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', amount: 100 };
    await refuseMail(app, true);
    try {
      expect((await call(app, 'POST', '/api/v1/withdraw/withdraw-request', body, { token: p.token })).status).toBe(500);
      expect(await available(app, p.userId)).toBe(50_000);
    } finally {
      await refuseMail(app, false);
    }
    const r = await call(app, 'POST', '/api/v1/withdraw/withdraw-request', body, { token: p.token });
    expect(r.status).toBe(200);
    expect((await queued(p.email)).map((x) => x.kind)).toEqual(['withdrawal-requested']);
    expect((await waitForMail(app, p.email, /Withdrawal of \$100\.00 requested/)).text).toContain('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080');
    expect((await call(app, 'POST', `/api/v1/sandbox/withdrawals/${r.json.data.withdrawalId}/complete`, undefined, { token: p.token, peer: LOOPBACK })).status).toBe(200);
    expect((await queued(p.email)).map((x) => [x.kind, x.lang])).toEqual([['withdrawal-requested', 'en'], ['withdrawal-ended', 'en']]);
    await waitForMail(app, p.email, /Your withdrawal was sent/);
  });
});
