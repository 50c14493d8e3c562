import { beforeAll, describe, expect, test } from 'bun:test';
import { BASE, call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { createPlayer, type TestPlayer } from '../../../tests/helpers/players';
import { CSV_HEADER, csvCell } from '../../services/wallet/history-export';

const TYPES = ['TRANSFER', 'REDEEM', 'DEPOSIT', 'WITHDRAW', 'P2P', 'FREEPLAY'] as const;
const T0 = Date.parse('2026-01-01T00:00:00Z');
let app: TestApp;
let alice: TestPlayer;
let bob: TestPlayer;

/** RFC 4180, enough for these files: quoted cells with doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(cell), (cell = '');
    else if (c === '\r' && text[i + 1] === '\n') row.push(cell), out.push(row), (row = []), (cell = ''), i++;
    else cell += c;
  }
  return out;
}

beforeAll(async () => {
  app = await makeApp();
  alice = await createPlayer(app);
  bob = await createPlayer(app);
  // 2,000 rows of history for Alice across every type, amounts with every kind of cents; 3 for Bob.
  const statements = [];
  for (let i = 0; i < 2000; i++) {
    const type = TYPES[i % TYPES.length]!;
    const counterparty = type === 'P2P' ? ['=HYPERLINK("http://evil")', '+1234', '-2+3', '@SUM(A1)', 'plain, "quoted" name'][i % 5] : null;
    statements.push({
      sql: `INSERT INTO transactions (id, uuid, user_id, type, direction, status, amount_cents, game_name, counterparty, created_at) VALUES (?, ?, ?, ?, ?, 'completed', ?, ?, ?, ?)`,
      args: [`t${String(i).padStart(5, '0')}`, `U${i}`, alice.userId, type, i % 2 ? 'in' : 'out', i * 101 + 5, type === 'TRANSFER' ? 'Ultra Panda' : null, counterparty, T0 + i * 1000],
    });
  }
  for (let i = 0; i < 3; i++)
    statements.push({ sql: `INSERT INTO transactions (id, uuid, user_id, type, direction, status, amount_cents, created_at) VALUES (?, ?, ?, 'DEPOSIT', 'in', 'completed', 100, ?)`, args: [`b${i}`, `B${i}`, bob.userId, T0] });
  await app.deps.database.client.batch(statements, 'write');
});

const download = (p: TestPlayer | null, query = '', headers: Record<string, string> = {}) =>
  app.handle(new Request(`${BASE}/api/v1/transaction/export.csv${query}`, { headers: { ...(p && { authorization: `Bearer ${p.token}` }), ...headers } }));

describe('GET /transaction/export.csv', () => {
  test('the whole history of 2,000 rows, newest first, a header row, dollars with two decimals', async () => {
    const res = await download(alice);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="transactions-all-\d{4}-\d\d-\d\d\.csv"$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const rows = parseCsv(await res.text());
    expect(rows).toHaveLength(2001);
    expect(rows[0]).toEqual(CSV_HEADER);
    expect(rows[1]).toEqual([new Date(T0 + 1999_000).toISOString(), 'U1999', 'REDEEM', 'in', 'completed', '2019.04', '', '', '']);
    const last = rows[2000]!;
    expect(last.slice(0, 6)).toEqual([new Date(T0).toISOString(), 'U0', 'TRANSFER', 'out', 'completed', '0.05']);
    // Every amount has exactly two decimals and matches its row's cents.
    for (let r = 1; r <= 2000; r++) {
      const i = 2000 - r;
      expect(rows[r]![5]).toBe(((i * 101 + 5) / 100).toFixed(2));
    }
    // Every row once: no duplicates or gaps at the batch edges.
    expect(new Set(rows.slice(1).map((r) => r[1])).size).toBe(2000);
  });

  test('cells a spreadsheet would run as a formula start with an apostrophe; commas and quotes are quoted', async () => {
    const rows = parseCsv(await (await download(alice, '?type=P2P')).text());
    // P2P is every sixth row from the fifth: 333 of them.
    expect(rows).toHaveLength(1 + 333);
    const parties = new Set(rows.slice(1).map((r) => r[7]));
    expect(parties).toEqual(new Set(["'=HYPERLINK(\"http://evil\")", "'+1234", "'-2+3", "'@SUM(A1)", 'plain, "quoted" name']));
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('a\nb')).toBe('"a\nb"');
  });

  test('a type keeps to that type; ALL or none gives all; a bad type is 400', async () => {
    const deposits = parseCsv(await (await download(alice, '?type=deposit')).text());
    expect(deposits.slice(1).every((r) => r[2] === 'DEPOSIT')).toBe(true);
    expect(deposits).toHaveLength(1 + 333);
    expect(parseCsv(await (await download(alice, '?type=TRANSFER')).text())[1]![6]).toBe('Ultra Panda');
    expect(parseCsv(await (await download(alice, '?type=ALL')).text())).toHaveLength(2001);
    const bad = await download(alice, '?type=BOGUS');
    expect(bad.status).toBe(400);
  });

  test("only the player's own rows; a visitor gets 401; the cookie works too", async () => {
    const rows = parseCsv(await (await download(bob)).text());
    expect(rows).toHaveLength(4);
    expect(rows.slice(1).every((r) => r[1]!.startsWith('B'))).toBe(true);
    expect((await download(null)).status).toBe(401);
    const viaCookie = await download(null, '', { cookie: `token=${bob.token}` });
    expect(viaCookie.status).toBe(200);
    expect(parseCsv(await viaCookie.text())).toHaveLength(4);
  });

  test('an empty history is just the header', async () => {
    const p = await createPlayer(app);
    expect(await (await download(p)).text()).toBe(CSV_HEADER.map(csvCell).join(',') + '\r\n');
  });
});
