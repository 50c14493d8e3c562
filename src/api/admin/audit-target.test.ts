import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { call, makeApp, page, type TestApp } from '../../../tests/helpers/app';
import { gameAccounts } from '../../../tests/helpers/games';
import { submitIdentity } from '../../../tests/helpers/identity';
import { fund } from '../../../tests/helpers/money';
import { createOperatorUser, createPlayer, type TestPlayer } from '../../../tests/helpers/players';
import { writeAudit } from '../../services/admin/audit';

// "What was done to this player?": rows about the account itself, and about what is theirs (a withdrawal, an
// identity submission, a deposit, a game account's task), never another player's.
const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
let app: TestApp;
let op: TestPlayer;
let a: TestPlayer;
let b: TestPlayer;
const ids: Record<string, string> = {};

const admin = (path: string, method = 'GET', body?: unknown) => call(app, method, `/api/v1/admin${path}`, body, { token: op.token });
const ok = async (r: Promise<{ status: number; json: any }>) => expect((await r).status).toBe(200);
const withdrawal = async (p: TestPlayer) =>
  (await call(app, 'POST', '/api/v1/withdraw/withdraw-request', { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 100 }, { token: p.token })).json.data.withdrawalId as string;

beforeAll(async () => {
  app = await makeApp({ GAME_PROVIDER: 'manual', WITHDRAWAL_AUTO_APPROVE_DOLLARS: '1' });
  op = await createOperatorUser(app);
  a = await createPlayer(app);
  b = await createPlayer(app);
  for (const p of [a, b]) await fund(app, p.userId, 50_000);
  ids.a = await withdrawal(a);
  ids.b = await withdrawal(b);
  await ok(admin(`/withdrawals/${ids.a}/reject`, 'POST', { reason: 'address a is flagged' }));
  await ok(admin(`/withdrawals/${ids.b}/reject`, 'POST', { reason: 'address b is flagged' }));
  const s = await submitIdentity(app, a);
  expect(s.status).toBe(201);
  ids.submission = (await admin('/identity')).json.submissions.find((x: { userId: string }) => x.userId === a.userId).id;
  await ok(admin(`/identity/${ids.submission}/reject`, 'POST', { reason: 'blurry document' }));
  // A game account's creation, done by hand: a game_task row names the account, not the player.
  await gameAccounts(app, a);
  const tasks = (await admin('/game-tasks?status=open')).json.tasks as { id: string }[];
  expect(tasks.length).toBeGreaterThan(0);
  ids.task = tasks[0]!.id;
  await ok(admin(`/game-tasks/${ids.task}/complete`, 'POST', { reference: 'BO-1' }));
  await ok(admin(`/players/${a.userId}/lock`, 'POST', { reason: 'chargeback a' }));
}, 30_000);
afterAll(() => app.deps.database.client.close());

const targets = (entries: { targetId: string }[]) => entries.map((e) => e.targetId).sort();

describe('the audit filter by target', () => {
  test("a player's id finds the rows about them and what is theirs, and none of another player's", async () => {
    const r = await admin(`/audit?target=${a.userId}`);
    expect(r.status).toBe(200);
    expect(targets(r.json.entries)).toEqual([a.userId, ids.a, ids.submission, ids.task].sort());
    expect(r.json.entries.map((e: { action: string }) => e.action).sort()).toEqual(['game_task.complete', 'identity.reject', 'player.lock', 'withdrawal.reject']);
    expect(r.json.entries.some((e: { reason: string }) => e.reason === 'address b is flagged')).toBe(false);
    expect(r.json.pagination.total).toBe(4);
    expect(targets((await admin(`/audit?target=${b.userId}`)).json.entries)).toEqual([ids.b]);
  });

  test('any other id matches exactly, and combines with the other filters', async () => {
    expect((await admin(`/audit?target=${ids.a}`)).json.entries.map((e: { reason: string }) => e.reason)).toEqual(['address a is flagged']);
    expect(targets((await admin(`/audit?target=${a.userId}&action=withdrawal`)).json.entries)).toEqual([ids.a]);
    expect((await admin('/audit?target=nobody')).json.entries).toEqual([]);
  });

  test('the CSV takes the same filter', async () => {
    const r = await app.handle(new Request(`http://localhost:3000/api/v1/admin/audit.csv?target=${b.userId}`, { headers: { authorization: `Bearer ${op.token}` } }));
    const lines = (await r.text()).trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('address b is flagged');
  });

  test('a page may ask for fewer rows (1 to 100)', async () => {
    const r = await admin(`/audit?target=${a.userId}&limit=2`);
    expect([r.json.entries.length, r.json.pagination]).toEqual([2, { page: 1, limit: 2, total: 4, pages: 2 }]);
    for (const bad of ['0', '101', 'x']) expect((await admin(`/audit?limit=${bad}`)).json.errors?.[0]?.field).toBe('limit');
  });
});

describe('the console pages', () => {
  const html = async (path: string) => (await (await page(app, path, { cookie: `token=${op.token}` })).text()).replaceAll('<!-- -->', '');

  test("the audit log filters by target and links a player's row to their console page", async () => {
    const h = await html(`/admin/audit?target=${a.userId}`);
    expect(h).toContain(`name="target" value="${a.userId}"`);
    expect(h).toContain(`<a class="admin-mono" href="/admin/players/${a.userId}">user ${a.userId}</a>`);
    expect(h).toContain(`withdrawal ${ids.a}`);
    expect(h).not.toContain(ids.b);
    expect(h).toContain(`href="/api/v1/admin/audit.csv?target=${a.userId}"`);
  });

  test("a player's page has their audit trail and a link to all of it", async () => {
    const h = await html(`/admin/players/${a.userId}`);
    const trail = h.slice(h.indexOf('id="audit-trail"'));
    expect(h).toContain('id="audit-trail">Audit trail</h2>');
    for (const s of ['chargeback a', 'address a is flagged', 'blurry document', 'game_task.complete']) expect(trail).toContain(s);
    expect(trail).not.toContain('address b is flagged');
    expect(trail).toContain(`href="/admin/audit?target=${a.userId}">Open in the audit log</a>`);
  });

  test('it shows the latest 20 and says how many there are in all', async () => {
    const c = await createPlayer(app);
    const base = Date.now() - 60_000;
    for (let i = 0; i < 25; i++)
      await writeAudit(app.deps.database.client, { id: op.userId, email: op.email, ip: null }, { action: 'player.unlock', targetType: 'user', targetId: c.userId, reason: `note ${String(i).padStart(2, '0')}.` }, base + i);
    const h = await html(`/admin/players/${c.userId}`);
    const trail = h.slice(h.indexOf('id="audit-trail"'));
    expect(trail.match(/<td data-label="Action">/g)).toHaveLength(20);
    expect(trail).toContain('note 24.');
    expect(trail).not.toContain('note 04.');
    expect(trail).toContain(`href="/admin/audit?target=${c.userId}">All 25 in the audit log</a>`);
  });
});
