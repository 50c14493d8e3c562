import { beforeAll, describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { BASE, call, makeApp, type TestApp } from '../../tests/helpers/app';
import { badJson, badText, type Bad } from '../../tests/helpers/bad-amounts';
import { fund } from '../../tests/helpers/money';
import { createOperatorUser, createPlayer, formTokenOf, type TestPlayer } from '../../tests/helpers/players';
import type { AmountProblem } from '../shared/money';
import { AMOUNT_DECIMALS_MESSAGE, AMOUNT_SHAPE_MESSAGE } from '../shared/schemas/amount-input';
import { DEPOSIT_AMOUNT_INVALID } from '../shared/schemas/deposit';

// Every amount field of every money call and money form, driven with arbitrary bad amounts: each answer is a 4xx
// naming the field in the words of that edge (spec §5 where it has them), never a 5xx, and nothing changes.

const MAX = 10_000_000; // MAX_AMOUNT_DOLLARS $100,000 in cents
const DEPOSIT_MAX = 1_000_000; // DEPOSIT_MAX_DOLLARS $10,000
const LIMIT_MAX = 100_000_000; // a deposit limit up to $1,000,000
const TOO_LARGE = 'Amount cannot be more than $100,000.';
const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
const limitWords = 'Daily limit must be an amount above $0 with at most two decimals, up to $1,000,000, or empty for no limit';

let app: TestApp;
let p: TestPlayer;
let q: TestPlayer;
let op: TestPlayer;
let game: { gameId: string; userName: string };
let before: string;

// A signed-in request slides its session's expiry; nothing else may change.
const UNTOUCHED_OK = new Set(['sessions']);

/** Every row of every table but the few above: a refused request leaves all of it as it was. */
async function state(): Promise<string> {
  const client = app.deps.database.client;
  const tables = (await client.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\' ORDER BY name")).rows.map((r) => String(r.name));
  const out: Record<string, unknown> = {};
  for (const t of tables) if (!UNTOUCHED_OK.has(t)) out[t] = (await client.execute(`SELECT * FROM "${t}" ORDER BY 1`)).rows;
  return JSON.stringify(out);
}

beforeAll(async () => {
  app = await makeApp({ SANDBOX_PAYOUT_DELAY_S: '3600' });
  [p, q, op] = await Promise.all([createPlayer(app), createPlayer(app), createOperatorUser(app)]);
  await fund(app, p.userId, 500_000);
  const g = (await call(app, 'GET', '/api/v1/games/list', undefined, { token: p.token })).json.userGames[0];
  game = { gameId: g.gameId._id, userName: g.gameCredentialId.userName };
  // A limit and a game balance in place, so a refused change has something to change.
  await call(app, 'PUT', '/api/v1/user/limits', { daily: 500 }, { token: p.token });
  await call(app, 'POST', '/api/v1/transfer/transfer-data-request', { ...game, amount: 20 }, { token: p.token });
  before = await state();
});

/** The message an edge gives for each reason: spec words for missing and invalid, its maximum for too large. */
const words = (required: string, invalid: string, tooLarge = TOO_LARGE) => (problem: AmountProblem) =>
  problem === 'required' ? required : problem === 'tooLarge' ? tooLarge : invalid;

type ApiEdge = {
  name: string; method: string; path: () => string; field: string; body: (v: unknown) => unknown; operator?: boolean;
  bad: fc.Arbitrary<Bad>; message: (problem: AmountProblem, value: unknown) => string;
};

/** A JSON-numbers-only call reads text as the wrong type, whatever it says. */
const asNumbersOnly = ([v, problem]: Bad): Bad => [v, typeof v === 'string' ? (v.trim() ? 'shape' : 'required') : problem];
/** A negative amount, which an operator's adjustment takes. */
const isNegative = ([v]: Bad) => (typeof v === 'number' && v < 0) || (typeof v === 'string' && /^\s*-/.test(v) && /[1-9]/.test(v));

const API: ApiEdge[] = [
  { name: 'deposit request (amount as text or number, spec §7)', method: 'POST', path: () => '/api/v1/btc/create-deposit-request', field: 'amount', body: (amount) => ({ amount }),
    bad: badJson(DEPOSIT_MAX), message: words(DEPOSIT_AMOUNT_INVALID, DEPOSIT_AMOUNT_INVALID, 'The largest deposit is $10,000.00.') },
  { name: 'withdrawal amount', method: 'POST', path: () => '/api/v1/withdraw/withdraw-request', field: 'amount', body: (amount) => ({ currency: 'BTC-LN', wallet_address: 'Satoshi@Wallet.example.com', amount, tip: 0 }),
    bad: badJson(MAX, { numbersOnly: true }).map(asNumbersOnly), message: words('Amount is required', 'Enter a valid amount') },
  { name: 'withdrawal tip', method: 'POST', path: () => '/api/v1/withdraw/withdraw-request', field: 'tip', body: (tip) => ({ currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 150, tip }),
    bad: badJson(MAX, { numbersOnly: true, nullIsValid: true }).map(asNumbersOnly).filter(([v]) => v !== 0 && !Object.is(v, -0)), message: (problem, v) => (problem === 'tooLarge' && Number.isInteger(v) ? TOO_LARGE : 'Tip must be a whole number of dollars') },
  { name: 'transfer to game', method: 'POST', path: () => '/api/v1/transfer/transfer-data-request', field: 'amount', body: (amount) => ({ ...game, amount }),
    bad: badJson(MAX, { numbersOnly: true }).map(asNumbersOnly), message: words('Enter a valid amount', 'Enter a valid amount') },
  { name: 'redeem from game', method: 'POST', path: () => '/api/v1/game/redeem-Request', field: 'amount', body: (amount) => ({ ...game, amount }),
    bad: badJson(MAX, { numbersOnly: true }).map(asNumbersOnly), message: words('Enter a valid amount', 'Enter a valid amount') },
  { name: 'P2P transfer', method: 'POST', path: () => '/api/v1/transfer/p2p-transfer', field: 'amount', body: (amount) => ({ email: q.email, amount }),
    bad: badJson(MAX, { numbersOnly: true }).map(asNumbersOnly), message: words('Amount is required.', 'Enter a valid positive number.') },
  ...(['daily', 'weekly', 'monthly'] as const).map((f): ApiEdge => ({
    name: `deposit limit (${f})`, method: 'PUT', path: () => '/api/v1/user/limits', field: f, body: (v) => ({ [f]: v }),
    bad: badJson(LIMIT_MAX, { numbersOnly: true, nullIsValid: true }).map(asNumbersOnly), message: () => limitWords.replace('Daily', f[0]!.toUpperCase() + f.slice(1)),
  })),
  { name: 'operator balance adjustment (signed)', method: 'POST', path: () => `/api/v1/admin/players/${p.userId}/adjust`, field: 'amount', operator: true, body: (amount) => ({ amount, reason: 'goodwill credit' }),
    bad: badJson(MAX, { numbersOnly: true }).map(asNumbersOnly).filter((b) => !isNegative(b) || b[1] === 'tooLarge'),
    message: words('Enter a non-zero amount in dollars, e.g. 10 or -2.50.', 'Enter a non-zero amount in dollars, e.g. 10 or -2.50.') },
  { name: 'freeplay code creation', method: 'POST', path: () => '/api/v1/admin/freeplay-codes', field: 'amount', operator: true, body: (amount) => ({ amount, cap: 5, expiresAt: '2099-01-01' }),
    bad: badJson(MAX, { numbersOnly: true }).map(asNumbersOnly), message: words('Enter a valid amount', 'Enter a valid amount') },
];

describe('every money call refuses a bad amount with a 4xx on its field and changes nothing (property)', () => {
  test.each(API.map((e) => [e.name, e] as const))('%s', async (_, e) => {
    await fc.assert(
      fc.asyncProperty(e.bad, async ([value, problem]) => {
        const r = await call(app, e.method, e.path(), e.body(value), { token: e.operator ? op.token : p.token });
        expect({ status: r.status, errors: r.json?.errors }).toEqual({ status: 400, errors: [{ field: e.field, message: e.message(problem, value) }] });
      }),
      { numRuns: 60 },
    );
    expect(await state()).toBe(before);
  });

  test.each(API.map((e) => [e.name, e] as const))('raw JSON numbers JSON.stringify cannot write: %s', async (_, e) => {
    // 1e-400 reads as 0, which is a tip of nothing.
    for (const raw of ['1e400', '-1e400', ...(e.field === 'tip' ? [] : ['1e-400']), '123456789012345678901234567890', '0.000000001']) {
      const body = JSON.stringify(e.body('RAW')).replace('"RAW"', raw);
      const r = await call(app, e.method, e.path(), body, { token: e.operator ? op.token : p.token });
      expect(r.status).toBe(400);
      expect(r.json.errors.map((x: { field: string }) => x.field)).toEqual([e.field]);
    }
    // Not JSON at all: still a 4xx.
    const r = await call(app, e.method, e.path(), JSON.stringify(e.body('RAW')).replace('"RAW"', 'NaN'), { token: e.operator ? op.token : p.token });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(await state()).toBe(before);
  });

  test('the withdrawal of 12345678901234 dollars that once answered 500', async () => {
    const r = await call(app, 'POST', '/api/v1/withdraw/withdraw-request', { currency: 'BTC-LN', wallet_address: 'Satoshi@Wallet.example.com', amount: 12345678901234, tip: 0 }, { token: p.token });
    expect(r.status).toBe(400);
    expect(r.json.errors).toEqual([{ field: 'amount', message: TOO_LARGE }]);
    expect(await state()).toBe(before);
  });

  test('a good amount still moves money at each call (the refusals above are about the amount)', async () => {
    const other = await makeApp({ SANDBOX_PAYOUT_DELAY_S: '3600' });
    const [a, b] = [await createPlayer(other), await createPlayer(other)];
    await fund(other, a.userId, 50_000);
    const ok = async (method: string, path: string, body: unknown) => expect((await call(other, method, path, body, { token: a.token })).status).toBeLessThan(300);
    await ok('POST', '/api/v1/btc/create-deposit-request', { amount: '10,000'.replace(',', '') });
    await ok('POST', '/api/v1/withdraw/withdraw-request', { currency: 'BTC-LN', wallet_address: 'Satoshi@Wallet.example.com', amount: 10.5, tip: 1 });
    await ok('POST', '/api/v1/transfer/p2p-transfer', { email: b.email, amount: 0.01 });
    await ok('PUT', '/api/v1/user/limits', { daily: 1_000_000 });
  });
});

// ── The plain form posts: the same refusals as typed into a page before any script runs ──────────────────────

/** A signed-in form post, as a browser sends it. */
async function post(path: string, fields: Record<string, string>, who: TestPlayer = p) {
  const res = await app.handle(new Request(BASE + path, {
    method: 'POST', redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `token=${who.token}`, origin: BASE },
    body: new URLSearchParams({ _token: formTokenOf(app, who), ...fields }).toString(),
  }));
  return { status: res.status, text: await res.text(), flash: flashOf(res) };
}

/** The one-time message a redirect carries (src/pages/flash.ts): base64url JSON before the signature. */
function flashOf(res: Response): { k: string; m: string } | null {
  const c = res.headers.getSetCookie().find((x) => x.startsWith('flash='));
  return c ? JSON.parse(Buffer.from(c.slice(6).split('.')[0]!, 'base64url').toString()) : null;
}

/** What a page shows for a typed amount: the reader's reasons for shape and decimals, the edge's words otherwise. */
const typedWords = (required: string, notPositive: string, tooLarge = TOO_LARGE) => (problem: AmountProblem) =>
  ({ required, notPositive, tooLarge, shape: AMOUNT_SHAPE_MESSAGE, decimals: AMOUNT_DECIMALS_MESSAGE })[problem];

type FormEdge = { name: string; path: () => string; fields: (amount: string) => Record<string, string>; bad: fc.Arbitrary<[string, AmountProblem]>; message: (problem: AmountProblem, typed: string) => string; operator?: boolean };

const typed = (max: number) => badText(max).map(([v, problem]): [string, AmountProblem] => [String(v), problem]);

const FORMS: FormEdge[] = [
  { name: 'deposit page', path: () => '/deposit-bitcoin', fields: (amount) => ({ _action: 'create', amount }), bad: typed(DEPOSIT_MAX),
    message: typedWords(DEPOSIT_AMOUNT_INVALID, DEPOSIT_AMOUNT_INVALID, 'The largest deposit is $10,000.00.') },
  { name: 'transfer to game', path: () => '/home', fields: (amount) => ({ _action: 'transfer', gameId: game.gameId, username: game.userName, amount }), bad: typed(MAX),
    message: typedWords('Enter a valid amount', 'Enter a valid amount') },
  { name: 'redeem from game', path: () => '/home', fields: (amount) => ({ _action: 'redeem', gameId: game.gameId, username: game.userName, amount }), bad: typed(MAX),
    message: typedWords('Enter a valid amount', 'Enter a valid amount') },
  { name: 'withdrawal amount', path: () => '/home', fields: (amount) => ({ _action: 'withdraw', currency: 'BTC-LN', wallet_address: 'Satoshi@Wallet.example.com', amount, tip: '' }), bad: typed(MAX),
    message: typedWords('Amount is required', 'Enter a valid amount') },
  { name: 'withdrawal tip', path: () => '/home', fields: (tip) => ({ _action: 'withdraw', currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: '150', tip }),
    // An empty box or any zero is no tip.
    bad: typed(MAX).filter(([v, problem]) => problem !== 'required' && !/^-?0*(\.0*)?$/.test(v.trim())),
    message: (problem, typed) => (problem === 'tooLarge' && !typed.includes('.') ? TOO_LARGE : 'Tip must be a whole number of dollars') },
  { name: 'P2P transfer', path: () => '/p2p-transfer', fields: (amount) => ({ email: q.email, amount }), bad: typed(MAX),
    message: typedWords('Amount is required.', 'Enter a valid positive number.') },
  { name: 'P2P transfer, confirmed step', path: () => '/p2p-transfer', fields: (amount) => ({ _action: 'send', email: q.email, amount }), bad: typed(MAX),
    message: typedWords('Amount is required.', 'Enter a valid positive number.') },
  // An empty limit box is no limit.
  ...(['daily', 'weekly', 'monthly'] as const).map((f): FormEdge => ({
    name: `deposit limit (${f})`, path: () => '/profile-setting', fields: (v) => ({ _action: 'limits', daily: '', weekly: '', monthly: '', [f]: v }),
    bad: typed(LIMIT_MAX).filter(([, problem]) => problem !== 'required'), message: () => limitWords.replace('Daily', f[0]!.toUpperCase() + f.slice(1)),
  })),
  { name: 'operator balance adjustment', path: () => `/admin/players/${p.userId}`, operator: true,
    fields: (amount) => ({ _action: 'adjust', id: p.userId, confirm: 'yes', reason: 'goodwill credit', amount }),
    bad: typed(MAX).filter((b) => !isNegative(b) || b[1] === 'tooLarge'),
    message: (problem) => (problem === 'tooLarge' ? TOO_LARGE : 'Enter a non-zero amount in dollars, e.g. 10 or -2.50.') },
  { name: 'operator freeplay code', path: () => '/admin/codes', operator: true, fields: (amount) => ({ _action: 'create', amount, cap: '5', expiresAt: '2099-01-01' }),
    bad: typed(MAX), message: (problem) => (problem === 'tooLarge' ? TOO_LARGE : 'Enter a valid amount') },
];

const escaped = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

describe('every money form refuses a bad typed amount with the field\'s message and changes nothing (property)', () => {
  test.each(FORMS.map((f) => [f.name, f] as const))('%s', async (_, f) => {
    await fc.assert(
      fc.asyncProperty(f.bad, async ([typedAmount, problem]) => {
        const r = await post(f.path(), f.fields(typedAmount), f.operator ? op : p);
        const want = f.message(problem, typedAmount);
        // The page again (the console's too, its form open), the message at the field or in the island's props.
        expect(r.status).toBe(400);
        expect(r.text.includes(escaped(want)) || r.text.includes(JSON.stringify(want).slice(1, -1))).toBe(true);
        expect(r.flash).toBeNull();
      }),
      { numRuns: 40 },
    );
    expect(await state()).toBe(before);
  });
});
