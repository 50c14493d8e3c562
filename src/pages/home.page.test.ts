import { beforeAll, describe, expect, test } from 'bun:test';
import { makeApp, page, type TestApp } from '../../tests/helpers/app';
import { fund } from '../../tests/helpers/money';
import { createPlayer, type TestPlayer } from '../../tests/helpers/players';

let app: TestApp;
let p: TestPlayer;

beforeAll(async () => {
  app = await makeApp();
  p = await createPlayer(app, { name: 'Ada' });
  await fund(app, p.userId, 12_345);
});

const html = async (path: string) => (await page(app, path, { cookie: `token=${p.token}` })).text();
const propsOf = (doc: string, island: string) =>
  [...doc.matchAll(new RegExp(`data-island="${island}"[^>]*><script type="application/json">(.*?)</script>`, 'g'))].map((m) => JSON.parse(m[1]!));

describe('the dashboard (/home)', () => {
  test('no "opens soon" card is left; the bar, credentials and the three forms arrive in the first HTML', async () => {
    const doc = await html('/home');
    expect(doc).not.toContain('opens soon');
    expect(doc).toContain('<a href="/support#how-to-deposit">How to Deposit with CashApp</a>');
    expect(doc).toContain('Game Library');
    const [creds] = propsOf(doc, 'GameCredentials');
    expect(creds.canPlay).toBe(true);
    expect(creds.initial.map((a: any) => [a.gameId, a.userName])).toEqual([['ultra-panda', `up${p.playerId}`], ['vblink', `vb${p.playerId}`]]);
    // The password is the owner's: it is in their own page's data, behind the reveal toggle on screen.
    expect(creds.initial[0].password).toMatch(/^[a-z0-9]{8}$/);
    expect(doc).not.toContain(`<code id="pw-${creds.initial[0].id}" aria-live="polite">${creds.initial[0].password}`);
    const forms = propsOf(doc, 'GameMoveForm');
    expect(forms.map((f) => f.kind)).toEqual(['transfer', 'redeem']);
    expect(forms[0].walletCents).toBe(12_345);
    for (const [button, action] of [['Transfer Funds', 'transfer'], ['Redeem Funds', 'redeem'], ['Request Withdrawal', 'withdraw']])
      expect(doc).toContain(button), expect(doc).toContain(`name="_action" value="${action}"`);
    expect(doc).toMatch(/<form class="form game-move-form"[^>]* action="\/home#transfer" method="post"/);
    // The forms need no password: only the credential list carries it.
    expect(forms.every((f) => f.accounts.every((a: any) => a.password === null))).toBe(true);
    expect(doc).toContain('Withdrawals are processed in 1 to 4 hours');
    expect(doc).toContain('Bitcoin (BTC)');
    expect(doc).toContain('Bitcoin (Lightning)');
    expect(doc).toContain('Available balance: <strong>$123.45</strong>');
  });
});
