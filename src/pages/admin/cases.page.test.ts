import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { BASE, makeApp, page, type TestApp } from '../../../tests/helpers/app';
import { casesOf, withdraw } from '../../../tests/helpers/compliance';
import { fund } from '../../../tests/helpers/money';
import { createOperatorUser, createPlayer, formTokenOf, type TestPlayer } from '../../../tests/helpers/players';

// The console's Cases: the list, one case with its facts and its decisions as plain forms, the menu's count, the
// Overview's tile; and the player's side, a withdrawal under review cancelled from the history without script.
let app: TestApp;
let op: TestPlayer;
let p: TestPlayer;
beforeAll(async () => {
  app = await makeApp({ AML_MIN_PLAY_SHARE: '0.25' });
  op = await createOperatorUser(app);
  p = await createPlayer(app);
});
afterAll(() => app.deps.database.client.close());

const cookie = (who: TestPlayer, flash?: Response) => ({ cookie: `token=${who.token}${flash ? `; ${flash.headers.get('set-cookie')!.split(';')[0]}` : ''}` });
const html = async (path: string, who = op, flash?: Response) => (await page(app, path, cookie(who, flash))).text();
const post = (path: string, fields: Record<string, string>, who = op) =>
  app.handle(new Request(BASE + path, { method: 'POST', redirect: 'manual', headers: { ...cookie(who), 'content-type': 'application/x-www-form-urlencoded', origin: BASE }, body: new URLSearchParams({ _token: formTokenOf(app, who), ...fields }) }));

async function heldWithdrawal(who: TestPlayer, amount = 100) {
  await fund(app, who.userId, 50_000);
  const r = await withdraw(app, who, { currency: 'BTC-LN', wallet_address: 'me@wallet.example.com', amount });
  expect(r.json.data.status).toBe('under review');
  return r.json.data.withdrawalId as string;
}

describe('the console\'s Cases', () => {
  test('the menu links Cases with its live count; the Overview has a tile; the list shows the case', async () => {
    await heldWithdrawal(p);
    const overview = await html('/admin');
    expect(overview).toMatch(/href="\/admin\/cases">Cases<span class="admin-count"><span aria-hidden="true">1<\/span><span class="sr-only"> <!-- -->1<!-- --> <!-- -->open<\/span>/);
    expect(overview).toContain('<dt>Open cases</dt><dd><a href="/admin/cases">1</a></dd>');
    const list = await html('/admin/cases');
    expect(list).toContain(p.email);
    expect(list).toContain('In and out without play<!-- --> (holds withdrawals)');
    expect(list).toContain('<option value="open" selected="">Open</option>');
    expect(await html(`/admin/cases?status=cleared`)).toContain('No case in this list.');
    // A player who is not an operator gets the bare 403 every console page gives.
    expect((await page(app, '/admin/cases', cookie(p))).status).toBe(403);
  });

  test('a case shows what the rule saw and the held withdrawal; Clear needs its reason and the tick, then sends it', async () => {
    const [c] = await casesOf(app, p.userId);
    const detail = await html(`/admin/cases/${c!.id}`);
    expect(detail).toContain('<dt>Deposited since the last withdrawal</dt><dd>$500.00</dd>');
    expect(detail).toContain('<dt>Played since then</dt><dd>$0.00</dd>');
    expect(detail).toContain('<dt>Least share played</dt><dd>25 %</dd>');
    expect(detail).toContain('held for review');
    const unticked = await post(`/admin/cases/${c!.id}`, { _action: 'clear', id: String(c!.id), reason: 'Checked the player' });
    expect(unticked.status).toBe(400);
    expect(await unticked.text()).toContain('Tick the box to confirm.');
    const r = await post(`/admin/cases/${c!.id}`, { _action: 'clear', id: String(c!.id), reason: 'Checked the player', confirm: 'yes', _key: crypto.randomUUID() });
    expect([r.status, r.headers.get('location')]).toEqual([303, `/admin/cases/${c!.id}`]);
    expect(await html(`/admin/cases/${c!.id}`, op, r)).toContain('Case cleared.');
    expect((await casesOf(app, p.userId))[0]!.status).toBe('cleared');
    // No such case: back to the list.
    const none = await page(app, '/admin/cases/no-such-case', cookie(op));
    expect([none.status, none.headers.get('location')]).toEqual([303, '/admin/cases']);
  });

  test('Escalate freezes the cash-out; the player page shows it and unfreezes it', async () => {
    const q = await createPlayer(app);
    await heldWithdrawal(q);
    const [c] = await casesOf(app, q.userId);
    const r = await post(`/admin/cases/${c!.id}`, { _action: 'escalate', id: String(c!.id), reason: 'Sent to the compliance officer', confirm: 'yes', _key: crypto.randomUUID() });
    expect(r.status).toBe(303);
    const player = await html(`/admin/players/${q.userId}`);
    expect(player).toMatch(/<dt>Cash-out<\/dt><dd class="admin-danger">Frozen [^<]+: Sent to the compliance officer<\/dd>/);
    expect(player).toContain('Unfreeze cash-out');
    const u = await post(`/admin/players/${q.userId}`, { _action: 'unfreeze', id: q.userId, reason: 'Officer found nothing', confirm: 'yes', _key: crypto.randomUUID() });
    expect(u.status).toBe(303);
    expect(await html(`/admin/players/${q.userId}`, op, u)).toContain('Cash-out unfrozen');
    expect(await html(`/admin/players/${q.userId}`)).toContain('<dt>Cash-out</dt><dd>Open</dd>');
  });

  test('the withdrawals queue marks a held one and offers no Approve for it', async () => {
    const q = await createPlayer(app);
    await heldWithdrawal(q);
    const queue = await html('/admin/withdrawals?status=creating');
    expect(queue).toContain(`href="/admin/cases?status=all&amp;player=${q.userId}">held for review</a>`);
  });
});

describe('the player\'s history', () => {
  test('a withdrawal under review reads so, and a plain form cancels it: the credits come back', async () => {
    const q = await createPlayer(app);
    const id = await heldWithdrawal(q, 120);
    const history = await html('/transactions?type=WITHDRAW', q);
    expect(history).toContain('<span class="pill pill-yellow">under review</span>');
    // Nothing names the rule or the case.
    expect(history).not.toMatch(/in_out_without_play|In and out|compliance/i);
    expect(history).toContain(`<input type="hidden" name="id" value="${id}"/>`);
    const r = await post('/transactions?type=WITHDRAW', { _action: 'cancelWithdrawal', id }, q);
    expect([r.status, r.headers.get('location')]).toEqual([303, '/transactions?type=WITHDRAW']);
    expect(await html('/transactions?type=WITHDRAW', q, r)).toContain('Withdrawal cancelled: $120.00 is back in your wallet.');
    expect((await app.deps.ledger.balance(`w:${q.userId}`)).availableCents).toBe(50_000);
    // Again: the row has moved on, and the page says so.
    const again = await post('/transactions?type=WITHDRAW', { _action: 'cancelWithdrawal', id }, q);
    expect(await html('/transactions?type=WITHDRAW', q, again)).toContain('Only a withdrawal under review can be cancelled.');
  });
});
