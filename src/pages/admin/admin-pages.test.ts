import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { BASE, call, makeApp, page, type TestApp } from '../../../tests/helpers/app';
import { fund } from '../../../tests/helpers/money';
import { createOperatorUser, createPlayer, formTokenOf, type TestPlayer } from '../../../tests/helpers/players';

const PAGES = ['/admin', '/admin/players', '/admin/players/PLAYER', '/admin/withdrawals', '/admin/cases', '/admin/game-tasks', '/admin/deposits', '/admin/codes', '/admin/games', '/admin/audit'];

let app: TestApp;
let player: TestPlayer;
let op: TestPlayer;
beforeAll(async () => {
  app = await makeApp();
  player = await createPlayer(app);
  op = await createOperatorUser(app);
});
afterAll(() => app.deps.database.client.close());

const cookie = (p: TestPlayer) => ({ cookie: `token=${p.token}` });
const path = (p: string) => p.replace('PLAYER', player.userId);
const post = (p: string, fields: Record<string, string>, who: TestPlayer) =>
  app.handle(new Request(BASE + p, { method: 'POST', redirect: 'manual', headers: { ...cookie(who), 'content-type': 'application/x-www-form-urlencoded', origin: BASE }, body: new URLSearchParams({ _token: formTokenOf(app, who), ...fields }) }));

describe('console pages', () => {
  test('a visitor is sent to /login with the page remembered', async () => {
    for (const p of PAGES) {
      const r = await page(app, path(p));
      expect([p, r.status, r.headers.get('location')]).toEqual([p, 303, `/login?next=${encodeURIComponent(path(p))}`]);
    }
  });

  test('a player gets a bare 403 that names nothing', async () => {
    for (const p of PAGES) {
      const r = await page(app, path(p), cookie(player));
      expect([p, r.status, await r.text()]).toEqual([p, 403, 'Forbidden']);
    }
    expect((await post('/admin/players/' + player.userId, { _action: 'lock', id: player.userId, reason: 'sneaky player', confirm: 'yes' }, player)).status).toBe(403);
  });

  test('an operator sees each page, server-rendered with its console navigation', async () => {
    for (const p of PAGES) {
      const r = await page(app, path(p), cookie(op));
      const html = await r.text();
      expect([p, r.status]).toEqual([p, 200]);
      expect(html).toContain('aria-label="Operator console"');
      // The operator header: the console's sections and Logout (with the form token), not the player's wallet and menus.
      expect([p, html.includes('data-island="ConsoleNav"'), html.includes('href="/admin/audit"'), /action="\/logout" method="post"><input type="hidden" name="_token" value="[^"]+"/.test(html)]).toEqual([p, true, true, true]);
      expect([p, html.includes('data-island="WalletMenu"'), html.includes('href="/home#transfer"'), html.includes('Account</button>')]).toEqual([p, false, false, false]);
    }
  });

  test('the players list marks an unverified e-mail as Unverified, and a locked account as Locked whatever its e-mail', async () => {
    const unverified = await createPlayer(app, { verified: false });
    const lockedUnverified = await createPlayer(app, { verified: false });
    await call(app, 'POST', `/api/v1/admin/players/${lockedUnverified.userId}/lock`, { reason: 'chargeback fraud' }, { token: op.token });
    const status = async (p: TestPlayer) => {
      const html = await (await page(app, `/admin/players?q=${encodeURIComponent(p.email)}`, cookie(op))).text();
      return /<td data-label="Status">([^<]*)<\/td>/.exec(html)?.[1];
    };
    expect([await status(player), await status(unverified), await status(lockedUnverified)]).toEqual(['Active', 'Unverified', 'Locked']);
  });

  test('a player page for no player, or for a malformed id, goes back to the list', async () => {
    for (const id of ['no-such-player', '%ff', '%25ff', 'a%2Fb', '%E0%A4%A']) {
      const r = await page(app, `/admin/players/${id}`, cookie(op));
      expect([id, r.status, r.headers.get('location')]).toEqual([id, 303, '/admin/players']);
    }
  });

  test('a plain form post adjusts a balance only when confirmed, then says so', async () => {
    await fund(app, player.userId, 1000);
    const unconfirmed = await post(`/admin/players/${player.userId}`, { _action: 'adjust', id: player.userId, amount: '5', reason: 'goodwill credit' }, op);
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain('Tick the box to confirm.');
    expect(await (await page(app, `/admin/players/${player.userId}`, cookie(op))).text()).toContain('$10.00');
    const r = await post(`/admin/players/${player.userId}`, { _action: 'adjust', id: player.userId, amount: '5', reason: 'goodwill credit', confirm: 'yes', _key: 'k1' }, op);
    expect([r.status, r.headers.get('location')]).toEqual([303, `/admin/players/${player.userId}`]);
    const after = await page(app, `/admin/players/${player.userId}`, { cookie: `token=${op.token}; ${r.headers.get('set-cookie')!.split(';')[0]}` });
    const html = await after.text();
    expect(html).toContain(`Wallet of ${player.email} credited with $5.00: its balance is now $15.00.`);
    // The movement's row says why, as the player's own history does.
    expect(html).toMatch(/<td data-label="Type">ADJUSTMENT<\/td><td data-label="Amount">\+\$5\.00<\/td><td data-label="Status">completed<\/td><td data-label="Details">Reason: goodwill credit<\/td>/);
    expect(html).toContain('$15.00');
  });

  test('a refused adjustment comes back open with what was typed and why, the amount marked; nothing moves', async () => {
    const who = await createPlayer(app);
    await fund(app, who.userId, 2500);
    const r = await post(`/admin/players/${who.userId}`, { _action: 'adjust', id: who.userId, amount: '-1000', reason: 'chargeback fee', confirm: 'yes', _key: crypto.randomUUID() }, op);
    expect(r.status).toBe(409);
    const html = await r.text();
    const form = html.slice(html.indexOf('<details class="admin-action" open=""'), html.indexOf('</details>', html.indexOf('<details class="admin-action" open=""')));
    expect(form).toContain('value="adjust"');
    expect(form).toContain('role="alert" id="adjust-' + who.userId + '-error">At most $25.00 can be taken.</p>');
    const amount = /<input[^>]*name="amount"[^>]*>/.exec(form)?.[0] ?? '';
    for (const a of ['value="-1000"', 'aria-invalid="true"', `aria-describedby="adjust-${who.userId}-error"`, 'title="Dollars and cents, like 25 or -10.50"']) expect(amount).toContain(a);
    expect(form).toContain('value="chargeback fee"');
    // The tick is asked again, and the one-use key is new: the retry is a new request.
    expect(form).not.toContain('checked');
    expect(html.match(/<details class="admin-action" open=""/g)).toHaveLength(1);
    expect(await (await page(app, `/admin/players/${who.userId}`, cookie(op))).text()).toContain('<strong>$25.00</strong>');
  });

  test('an action\'s button reads Cancel while its form is open (the form closes without a reload)', async () => {
    const html = await (await page(app, `/admin/players/${player.userId}`, cookie(op))).text();
    expect(html).toContain('<summary class="btn btn-sm btn-primary"><span class="admin-action-label">Adjust balance</span><span class="admin-action-cancel">Cancel</span></summary>');
    expect(html).not.toMatch(/<details class="admin-action" open/);
  });

  test('turning a game off asks for the tick (it stops every player\'s transfers); turning it on does not', async () => {
    const active = async () => ((await call(app, 'GET', '/api/v1/admin/games', undefined, { token: op.token })).json.games as any[]).find((g) => g.id === 'vblink').active;
    const off = await post('/admin/games', { _action: 'toggle', id: 'vblink', active: 'false', reason: 'vendor outage' }, op);
    expect(off.status).toBe(400);
    expect(await off.text()).toContain('Tick the box to confirm.');
    expect(await active()).toBe(true);
    expect((await post('/admin/games', { _action: 'toggle', id: 'vblink', active: 'false', reason: 'vendor outage', confirm: 'yes' }, op)).status).toBe(303);
    expect(await active()).toBe(false);
    expect((await post('/admin/games', { _action: 'toggle', id: 'vblink', active: 'true' }, op)).status).toBe(303);
    expect(await active()).toBe(true);
  });

  test('held deposit money shows on the player page and a plain form post releases it', async () => {
    const who = await createPlayer(app);
    const c = app.deps.database.client;
    const now = Date.now();
    // A held payment as a deposit leaves it: the money in the held account and its held_funds row.
    await c.execute({ sql: `INSERT INTO deposits (id, user_id, amount_cents, status, provider, held_cents, created_at, updated_at) VALUES ('dep-held-page', ?, 1000, 'completed', 'sandbox', 700, ?, ?)`, args: [who.userId, now, now] });
    const t = await app.deps.ledger.transfer({ debit: 's:bitcoin_deposits', credit: `h:${who.userId}`, amountCents: 700, code: 'DEPOSIT_HELD' });
    await c.execute({ sql: `INSERT INTO held_funds (id, user_id, deposit_id, payment_id, amount_cents, reason, status, transfer_id, history_id, created_at) VALUES ('held-page-1', ?, 'dep-held-page', 'pay-1', 700, 'cool_off', 'held', ?, 'none', ?)`, args: [who.userId, t.id, now] });
    const html = await (await page(app, `/admin/players/${who.userId}`, cookie(op))).text();
    expect(html).toContain('Held deposits');
    expect(html).toContain('during a cool-off');
    expect(html).toContain('Release to wallet');
    expect(await (await page(app, '/admin/deposits', cookie(op))).text()).toContain(`/admin/players/${who.userId}`);
    const r = await post(`/admin/players/${who.userId}`, { _action: 'releaseHeld', id: 'held-page-1', player: who.userId, reason: 'break ended, reviewed', confirm: 'yes', _key: 'k-held' }, op);
    expect(r.status).toBe(303);
    const after = await page(app, `/admin/players/${who.userId}`, { cookie: `token=${op.token}; ${r.headers.get('set-cookie')!.split(';')[0]}` });
    expect(await after.text()).toContain('Released to the wallet.');
    expect((await app.deps.ledger.balance(`w:${who.userId}`)).availableCents).toBe(700);
  });
});

describe('console tables', () => {
  test('a column of buttons, unheaded on screen, is named for a screen reader', async () => {
    const { renderToStaticMarkup } = await import('react-dom/server');
    const { Table } = await import('./ui');
    const html = renderToStaticMarkup(Table({ head: ['Player', ''], rows: [['ada@example.com', 'Re-check']] }));
    expect(html).toContain('<th scope="col">Player</th><th scope="col"><span class="sr-only">Actions</span></th>');
  });
});
