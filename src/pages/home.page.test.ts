import { beforeAll, describe, expect, test } from 'bun:test';
import { LOOPBACK, makeApp, page, type TestApp } from '../../tests/helpers/app';
import { fund } from '../../tests/helpers/money';
import { createPlayer, formTokenOf, type TestPlayer } from '../../tests/helpers/players';

let app: TestApp;
let p: TestPlayer;

beforeAll(async () => {
  app = await makeApp();
  p = await createPlayer(app, { name: 'Ada' });
  await fund(app, p.userId, 12_345);
});

const html = async (path: string, peer = LOOPBACK) => (await page(app, path, { cookie: `token=${p.token}` }, peer)).text();
const propsOf = (doc: string, island: string) =>
  [...doc.matchAll(new RegExp(`data-island="${island}"[^>]*><script type="application/json">(.*?)</script>`, 'g'))].map((m) => JSON.parse(m[1]!));

describe('the dashboard (/home)', () => {
  test('no "opens soon" card is left; the bar, credentials and the three forms arrive in the first HTML', async () => {
    const doc = await html('/home');
    expect(doc).not.toContain('opens soon');
    expect(doc).toContain('<a href="/support#how-to-deposit-with-cashapp">How to Deposit with CashApp</a>');
    expect(doc).toContain('Game Library');
    const [creds] = propsOf(doc, 'GameCredentials');
    expect(creds.canPlay).toBe(true);
    // Play a round mints credits: a client on another machine is not offered it.
    expect(propsOf(await html('/home', '192.0.2.7'), 'GameCredentials')[0].canPlay).toBe(false);
    expect(creds.initial.map((a: any) => [a.gameId, a.userName])).toEqual([['ultra-panda', `up${p.playerId}`], ['vblink', `vb${p.playerId}`]]);
    // The password is the owner's: it is in their own page's data, behind the reveal toggle on screen.
    expect(creds.initial[0].password).toMatch(/^[a-z0-9]{8}$/);
    expect(doc).not.toContain(`<code id="pw-${creds.initial[0].id}" aria-live="polite">${creds.initial[0].password}`);
    const forms = propsOf(doc, 'GameMoveForm');
    expect(forms.map((f) => f.kind)).toEqual(['transfer', 'redeem']);
    expect(forms[0].walletCents).toBe(12_345);
    for (const [button, action] of [['Transfer Funds', 'transfer'], ['Redeem Funds', 'redeem'], ['Review Withdrawal', 'withdraw']])
      expect(doc).toContain(button), expect(doc).toContain(`name="_action" value="${action}"`);
    expect(doc).toMatch(/<form class="form game-move-form"[^>]* action="\/home#transfer" method="post"/);
    // The forms need no password: only the credential list carries it.
    expect(forms.every((f) => f.accounts.every((a: any) => a.password === null))).toBe(true);
    // The sandbox approves every withdrawal: the form says so, and promises no fixed time.
    expect(doc).toContain('<p class="muted">Withdrawals are usually sent within minutes.</p>');
    expect(doc).not.toContain('1 to 4 hours');
    // A whole, valid address of the configured network (regtest here), as the example.
    expect(doc).toContain('placeholder="bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080"');
    expect(doc).toContain('Bitcoin (BTC)');
    expect(doc).toContain('Bitcoin (Lightning)');
    expect(doc).toContain('Available balance: <strong>$123.45</strong>');
  });
});

describe('game artwork', () => {
  // On a phone the dashboard's artwork is in the first screen and is its largest paint: lazy loading held it until
  // the stylesheet was laid out (LCP 1.9 s on the slow profile). Elsewhere it is further down and stays lazy.
  test('the dashboard asks for it at once, behind the stylesheet; the visitor pages leave it lazy', async () => {
    const artwork = (doc: string) => [...doc.matchAll(/<img src="\/images\/[a-z-]+\.svg" alt="[^"]+ game artwork"[^>]*>/g)].map((m) => m[0]);
    const home = artwork(await html('/home'));
    expect(home).toHaveLength(2);
    for (const img of home) expect(img).toContain('loading="eager"'), expect(img).toContain('fetchPriority="low"');
    for (const path of ['/', '/about-us']) {
      const imgs = artwork(await (await page(app, path)).text());
      expect(imgs).toHaveLength(2);
      for (const img of imgs) expect(img).toContain('loading="lazy"'), expect(img).not.toContain('fetchPriority');
    }
  });
});

/** A plain form post to /home, as a browser sends it before any script has run. */
const post = (fields: Record<string, string>) =>
  app.handle(new Request('http://localhost:3000/home', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `token=${p.token}`, origin: 'http://localhost:3000' },
    body: new URLSearchParams({ _token: formTokenOf(app, p), ...fields }).toString(),
    redirect: 'manual',
  }));

describe('the dashboard forms without script', () => {
  test('a transfer posts to /home: credits move once per form key, and the flash tells the server message', async () => {
    const before = (await app.deps.ledger.balance(`w:${p.userId}`)).availableCents;
    // Typed the way people write it: read by the shared amount rule on the server as in the island.
    const fields = { _action: 'transfer', _key: 'form-key-1', gameId: 'vblink', username: '', amount: '$12.50' };
    const r = await post(fields);
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe('/home#transfer');
    const again = await post(fields);
    expect(again.status).toBe(303);
    expect((await app.deps.ledger.balance(`w:${p.userId}`)).availableCents).toBe(before - 1_250);
    const cookie = r.headers.get('set-cookie')!.split(';')[0]!;
    const next = await (await page(app, '/home', { cookie: `token=${p.token}; ${cookie}` })).text();
    // In the Transfer section itself, with both balances after the move; not at the top of the page.
    expect(next).toMatch(/<h2 id="transfer-title"[^>]*>Transfer to Game<\/h2><p class="card-subtitle">[^<]*<\/p><p class="alert alert-success flash" role="status">\$12\.50 transferred to VBlink\. Wallet balance: \$[\d,.]+\. VBlink balance: \$12\.50\.<\/p>/);
    expect(next).not.toContain('<div class="flash-wrap">');
  });

  test('a refused transfer comes back with the typed values and the spec messages at their fields', async () => {
    const r = await post({ _action: 'transfer', gameId: '', username: '', amount: '1.234' });
    expect(r.status).toBe(400);
    const doc = await r.text();
    const [transfer] = propsOf(doc, 'GameMoveForm');
    expect(transfer.form).toEqual({ values: { gameId: '', username: '', amount: '1.234' }, errors: { gameId: 'Game is required', username: 'Username is required', amount: 'Use at most two decimals (cents).' }, message: null });
    expect(doc).toContain('Game is required');
    expect(doc).toContain('aria-invalid="true"');
  });

  test('a redeem above the game balance is refused at the amount; a reset of 4 characters at the password', async () => {
    const redeem = await post({ _action: 'redeem', gameId: 'ultra-panda', username: '', amount: '500' });
    expect(redeem.status).toBe(409);
    const [, form] = propsOf(await redeem.text(), 'GameMoveForm');
    expect(form.form.errors.amount).toBe('Amount is more than your Ultra Panda balance of $0.00.');
    const id = propsOf(await html('/home'), 'GameCredentials')[0].initial[0].id;
    const reset = await post({ _action: 'reset', id, requestedPassword: 'abcd' });
    expect(reset.status).toBe(400);
    const doc = await reset.text();
    expect(doc).toContain('* <!-- -->Password must be at least 5 characters long.');
    expect(doc).not.toContain('abcd');
    const ok = await post({ _action: 'reset', id, requestedPassword: 'Panda-777' });
    expect(ok.status).toBe(303);
    expect(propsOf(await html('/home'), 'GameCredentials')[0].initial[0].password).toBe('Panda-777');
  });
});
