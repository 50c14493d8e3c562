import { describe, expect, test } from 'bun:test';
import { makeApp } from '../../../tests/helpers/app';
import { casesOf, play, withdraw } from '../../../tests/helpers/compliance';
import { fund } from '../../../tests/helpers/money';
import { createPlayer } from '../../../tests/helpers/players';
import { sqldPath, startSqld } from '../../../tests/helpers/sqld';
import { verifyLedger } from '../../services/ledger/ledger-verify';

// The rules that hold, on a libSQL server: their statements go in the withdrawal's own request (remote-commit.ts).
describe.skipIf(!sqldPath)('the rules that hold, on a libSQL server (sqld)', () => {
  test('in and out without play and shared destination hold there as on a file; one that trips neither is sent', async () => {
    const sqld = await startSqld();
    try {
      const app = await makeApp({ DATABASE_URL: sqld.url, SANDBOX_PAYOUT_DELAY_S: '3600', AML_MIN_PLAY_SHARE: '0.25', AML_SHARED_DESTINATION: 'on' });
      const [a, b] = [await createPlayer(app), await createPlayer(app)];
      for (const p of [a, b]) await fund(app, p.userId, 10_000);
      expect((await withdraw(app, a, { currency: 'BTC-LN', wallet_address: 'a@wallet.example.com', amount: 10 })).json.data.status).toBe('under review');
      await play(app, b, 25);
      expect((await withdraw(app, b, { currency: 'BTC-LN', wallet_address: 'b@wallet.example.com', amount: 10 })).json.data.status).toBe('pending');
      expect((await withdraw(app, b, { currency: 'BTC-LN', wallet_address: 'A@wallet.example.com', amount: 10 })).json.data.status).toBe('under review');
      expect((await casesOf(app, a.userId)).map((c) => c.rule)).toEqual(['in_out_without_play']);
      expect((await casesOf(app, b.userId)).map((c) => c.rule)).toEqual(['shared_destination']);
      expect((await verifyLedger(app.deps.database.client)).ok).toBe(true);
      app.deps.database.client.close();
    } finally {
      await sqld.stop();
    }
  });
});
