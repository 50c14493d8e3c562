import { describe, expect, test } from 'bun:test';
import { call, makeApp } from '../../../tests/helpers/app';
import { available, fund } from '../../../tests/helpers/money';
import { createPlayer } from '../../../tests/helpers/players';
import { verifyLedger } from '../../services/ledger/ledger-verify';

describe('P2P under concurrency', () => {
  test('many players sending to each other at once: sums hold, nothing negative, answers match balances', async () => {
    const app = await makeApp();
    const players = await Promise.all(Array.from({ length: 10 }, () => createPlayer(app)));
    for (const p of players) await fund(app, p.userId, 2_000);
    const sends = Array.from({ length: 300 }, (_, n) => {
      const from = players[n % 10]!;
      const to = players[(n * 7 + 3) % 10 === n % 10 ? (n + 1) % 10 : (n * 7 + 3) % 10]!;
      return call(app, 'POST', '/api/v1/transfer/p2p-transfer', { email: to.email, amount: 1 + (n % 5) }, { token: from.token }).then((r) => ({ r, from, to, cents: 100 * (1 + (n % 5)) }));
    });
    const results = await Promise.all(sends);
    const net = new Map(players.map((p) => [p.userId, 2_000]));
    for (const { r, from, to, cents } of results) {
      expect([200, 409]).toContain(r.status);
      if (r.status === 409) expect(r.json.errorType).toBe('INSUFFICIENT_FUNDS');
      if (r.status !== 200) continue;
      net.set(from.userId, net.get(from.userId)! - cents);
      net.set(to.userId, net.get(to.userId)! + cents);
    }
    let sum = 0;
    for (const p of players) {
      const a = await available(app, p.userId);
      expect(a).toBe(net.get(p.userId)!);
      expect(a).toBeGreaterThanOrEqual(0);
      sum += a;
    }
    expect(sum).toBe(20_000);
    expect((await verifyLedger(app.deps.database.client)).ok).toBe(true);
  });

  test('two racing spends of the same last dollar: exactly one succeeds', async () => {
    const app = await makeApp();
    for (let round = 0; round < 5; round++) {
      const [payer, x, y] = await Promise.all([createPlayer(app), createPlayer(app), createPlayer(app)]);
      await fund(app, payer!.userId, 100);
      const [a, b] = await Promise.all([
        call(app, 'POST', '/api/v1/transfer/p2p-transfer', { email: x!.email, amount: 1 }, { token: payer!.token }),
        call(app, 'POST', '/api/v1/transfer/p2p-transfer', { email: y!.email, amount: 1 }, { token: payer!.token }),
      ]);
      expect([a!.status, b!.status].sort()).toEqual([200, 409]);
      expect(await available(app, payer!.userId)).toBe(0);
      expect((await available(app, x!.userId)) + (await available(app, y!.userId))).toBe(100);
    }
    expect((await verifyLedger(app.deps.database.client)).ok).toBe(true);
  });
});
