import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { BASE, call, makeApp, page, type TestApp } from '../../../tests/helpers/app';
import { gameAccounts, redeemFrom } from '../../../tests/helpers/games';
import { available } from '../../../tests/helpers/money';
import { createOperatorUser, createPlayer, formTokenOf, type TestPlayer } from '../../../tests/helpers/players';

let app: TestApp;
let p: TestPlayer;
let op: TestPlayer;
beforeAll(async () => {
  app = await makeApp({ GAME_PROVIDER: 'manual' });
  p = await createPlayer(app);
  op = await createOperatorUser(app);
});
afterAll(() => app.deps.database.client.close());

const tasks = async (status: string) => (await call(app, 'GET', `/api/v1/admin/game-tasks?status=${status}`, undefined, { token: op.token })).json.tasks as any[];
const post = (fields: Record<string, string>) =>
  app.handle(new Request(`${BASE}/admin/game-tasks`, {
    method: 'POST', redirect: 'manual',
    headers: { cookie: `token=${op.token}`, 'content-type': 'application/x-www-form-urlencoded', origin: BASE },
    body: new URLSearchParams({ _token: formTokenOf(app, op), _key: crypto.randomUUID(), ...fields }),
  }));

describe('the game tasks page', () => {
  test('a redeem confirmed for less: the form refuses more than asked and keeps the typed amount; done, the list shows both sums', async () => {
    await gameAccounts(app, p);
    for (const t of await tasks('open')) expect((await post({ _action: 'complete', id: t.id, reference: `BO-${t.gameId}` })).status).toBe(303);
    const userName = (await gameAccounts(app, p)).vblink.gameCredentialId.userName;
    expect((await redeemFrom(app, p, { gameId: 'vblink', userName, amount: 5 })).status).toBeLessThan(300);
    const redeem = (await tasks('open')).find((t) => t.kind === 'redeem');
    const before = await available(app, p.userId);

    // It credits the wallet: without the tick nothing is sent.
    const unticked = await post({ _action: 'complete', id: redeem.id, reference: 'BO-990', amount: '4.50', moves: 'yes' });
    expect(unticked.status).toBe(400);
    expect(await unticked.text()).toContain('Tick the box to confirm.');
    expect(await available(app, p.userId)).toBe(before);
    const tooMuch = await post({ _action: 'complete', id: redeem.id, reference: 'BO-991', amount: '6', moves: 'yes', confirm: 'yes' });
    expect(tooMuch.status).toBe(400);
    const html = await tooMuch.text();
    expect(html).toContain('A redeem cannot confirm more than the $5.00 asked.');
    expect(/<input[^>]*name="amount"[^>]*>/.exec(html)?.[0]).toContain('value="6"');
    expect(html).toContain('Amount confirmed, if less than $5.00');
    expect(html).toContain('Credit the player&#x27;s wallet with $5.00 (or the amount confirmed)');
    expect(await available(app, p.userId)).toBe(before);

    expect((await post({ _action: 'complete', id: redeem.id, reference: 'BO-992', amount: '4.50', moves: 'yes', confirm: 'yes' })).status).toBe(303);
    expect(await available(app, p.userId)).toBe(before + 450);
    const done = await (await page(app, '/admin/game-tasks?status=done', { cookie: `token=${op.token}` })).text();
    expect(done).toContain('$4.50 of $5.00 asked');
    // The game by its name, as the back office knows it.
    expect(done).toContain('<td data-label="Game">VBlink</td>');
  });
});
