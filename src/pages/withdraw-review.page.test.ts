import { beforeAll, describe, expect, test } from 'bun:test';
import { regtestAddress } from '../../tests/doubles/btcpay/ids';
import { makeApp, page, type TestApp } from '../../tests/helpers/app';
import { fund, available } from '../../tests/helpers/money';
import { createPlayer, formTokenOf, type TestPlayer } from '../../tests/helpers/players';

// The withdraw form without script, in two steps (docs/decisions/withdrawal-review.md).
const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
const TYPED = { currency: 'BTC-CHAIN', wallet_address: `  ${ADDRESS} `, amount: '$150.00', tip: '5' };
let app: TestApp;

beforeAll(async () => {
  app = await makeApp({ SANDBOX_PAYOUT_DELAY_S: '3600' });
});

const propsOf = (doc: string, island: string) =>
  [...doc.matchAll(new RegExp(`data-island="${island}"[^>]*><script type="application/json">(.*?)</script>`, 'g'))].map((m) => JSON.parse(m[1]!));
/** A plain form post to /home, as a browser sends it with no script. */
const post = (p: TestPlayer, fields: Record<string, string>) =>
  app.handle(new Request('http://localhost:3000/home', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `token=${p.token}`, origin: 'http://localhost:3000' },
    body: new URLSearchParams({ _token: formTokenOf(app, p), ...fields }).toString(),
    redirect: 'manual',
  }));
async function traces(p: TestPlayer) {
  const q = async (sql: string) => Number((await app.deps.database.client.execute({ sql, args: [p.userId] })).rows[0]![0]);
  return {
    withdrawals: await q('SELECT count(*) FROM withdrawals WHERE user_id = ?'),
    transfers: await q(`SELECT count(*) FROM transfers WHERE debit_account_id = 'w:' || ?`),
    pending: await q(`SELECT count(*) FROM transfers WHERE debit_account_id = 'w:' || ? AND status = 'pending'`),
    available: await available(app, p.userId),
  };
}
/** The review page of the first post, its island props and the fields its Request Withdrawal button posts. */
async function reviewPage(p: TestPlayer, typed = TYPED) {
  const r = await post(p, { _action: 'withdraw', ...typed });
  const doc = await r.text();
  const [props] = propsOf(doc, 'WithdrawForm');
  const form = doc.slice(doc.indexOf('<form class="form withdraw-review"'));
  const hidden = Object.fromEntries([...form.slice(0, form.indexOf('</form>')).matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replaceAll('&quot;', '"').replaceAll('&amp;', '&')]));
  return { status: r.status, doc, props, hidden };
}

describe('the first post answers the review page and holds nothing', () => {
  test('no hold, no withdrawal row, no ledger transfer; the page shows every figure, the whole address wrapped', async () => {
    const p = await createPlayer(app);
    await fund(app, p.userId, 20_000);
    const before = await traces(p);
    const { status, doc, props, hidden } = await reviewPage(p);
    expect(status).toBe(200);
    expect(await traces(p)).toEqual(before);
    expect(props.review.typed).toEqual({ ...TYPED, wallet_address: ADDRESS });
    expect(props.review.view).toMatchObject({ wallet_address: ADDRESS, amount: 150, tip: 5, total: 155, btcAmount: '0.00300000' });
    for (const text of ['Check your withdrawal', 'To this Bitcoin address', `<code class="review-destination">${ADDRESS}</code>`, 'Bitcoin on-chain (regtest)',
      '$150.00', "$5.00, a tip to the site&#x27;s team", '<strong>$155.00</strong>', '0.00300000 BTC at $50,000.00 per BTC',
      'The BTC amount is fixed when you confirm', 'Withdrawals are usually sent within minutes.', 'Request Withdrawal', 'Change'])
      expect(doc).toContain(text);
    // Both buttons post the same form: what was typed, the destination as it will be paid, the signed review, the key.
    expect(hidden).toMatchObject({ currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: '$150.00', tip: '5', destination: ADDRESS });
    expect(hidden._key).toMatch(/^[0-9a-f]{32}$/);
    expect(hidden.review).toBe(props.review.view.token);
  });

  test('Change goes back to the form with what was typed; the refusals the request would give come at once', async () => {
    const p = await createPlayer(app);
    await fund(app, p.userId, 12_000);
    const { hidden } = await reviewPage(p, { ...TYPED, amount: '100' });
    const edit = await post(p, { ...hidden, _action: 'withdraw-edit' });
    expect(edit.status).toBe(200);
    const [props] = propsOf(await edit.text(), 'WithdrawForm');
    expect([props.review, props.form.values]).toEqual([null, { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: '100', tip: '5' }]);
    // More than the wallet holds: at the amount, at the first post, with nothing held.
    const short = await post(p, { _action: 'withdraw', ...TYPED });
    expect(short.status).toBe(409);
    const [refused] = propsOf(await short.text(), 'WithdrawForm');
    expect(refused.form.errors).toEqual({ amount: 'Your wallet balance does not cover this withdrawal and its tip.' });
    expect((await traces(p)).withdrawals).toBe(0);
    const low = await post(p, { _action: 'withdraw', ...TYPED, amount: '99' });
    expect(propsOf(await low.text(), 'WithdrawForm')[0].form.errors).toEqual({ amount: 'The smallest on-chain withdrawal is $100.' });
  });
});

describe('the confirmation post withdraws what was reviewed, once', () => {
  test('a double press withdraws once; the flash says what left the wallet', async () => {
    const p = await createPlayer(app);
    await fund(app, p.userId, 20_000);
    const { hidden } = await reviewPage(p);
    const [a, b] = await Promise.all([post(p, { ...hidden, _action: 'withdraw-confirm' }), post(p, { ...hidden, _action: 'withdraw-confirm' })]);
    expect([a.status, b.status]).toEqual([303, 303]);
    expect(a.headers.get('location')).toBe('/home#withdraw');
    const t = await traces(p);
    expect([t.withdrawals, t.pending, t.available]).toEqual([1, 1, 4_500]);
    const flash = a.headers.get('set-cookie')!.split(';')[0]!;
    const next = await (await page(app, '/home', { cookie: `token=${p.token}; ${flash}` })).text();
    expect(next).toContain('Withdrawal of $150.00 requested, with a $5.00 tip: $155.00 left your wallet.');
  });

  test('a changed amount or address is not confirmed: it is shown for review again, and nothing is held', async () => {
    const p = await createPlayer(app);
    await fund(app, p.userId, 30_000);
    const { hidden } = await reviewPage(p);
    const changed = await post(p, { ...hidden, amount: '200', _action: 'withdraw-confirm' });
    expect(changed.status).toBe(200);
    const [props] = propsOf(await changed.text(), 'WithdrawForm');
    expect(props.review.notice).toBe('Please check this withdrawal before you confirm it.');
    expect(props.review.view).toMatchObject({ amount: 200, total: 205 });
    expect((await traces(p)).withdrawals).toBe(0);
    // (Each review page brings its own key; a key once used stays bound to its first request.)
    const elsewhere = await post(p, { ...hidden, _key: 'another-page', destination: regtestAddress(), _action: 'withdraw-confirm' });
    expect(propsOf(await elsewhere.text(), 'WithdrawForm')[0].review.notice).toBe('Please check this withdrawal before you confirm it.');
    expect((await traces(p)).withdrawals).toBe(0);
  });

  test('without the form token nothing moves', async () => {
    const p = await createPlayer(app);
    await fund(app, p.userId, 20_000);
    const { hidden } = await reviewPage(p);
    const stale = await post(p, { ...hidden, _token: 'x', _action: 'withdraw-confirm' });
    expect(stale.status).toBe(403);
    expect(propsOf(await stale.text(), 'WithdrawForm')[0].form.message).toBe('This form has expired. Please check it and submit it again.');
    expect((await traces(p)).withdrawals).toBe(0);
  });
});
