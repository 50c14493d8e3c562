import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { page } from '../../../tests/helpers/app';
import { rows } from '../../../tests/helpers/accounts';
import { createOperatorUser, createPlayer, formTokenOf, type TestPlayer } from '../../../tests/helpers/players';
import { startServer, type TestServer } from '../../../tests/e2e/browser';

// Served over a real socket, so the console's form posts have a client address to record.
let server: TestServer;
let player: TestPlayer;
let op: TestPlayer;
beforeAll(async () => {
  server = await startServer();
  player = await createPlayer(server.app, { name: 'Pat Player' });
  op = await createOperatorUser(server.app);
});
afterAll(() => server.stop());

const html = async (path: string) => (await page(server.app, path, { cookie: `token=${op.token}` })).text();
const post = (path: string, fields: Record<string, string>) =>
  fetch(server.url + path, { method: 'POST', redirect: 'manual', headers: { cookie: `token=${op.token}`, 'content-type': 'application/x-www-form-urlencoded', origin: server.url }, body: new URLSearchParams({ _token: formTokenOf(server.app, op), ...fields }) });

describe('the operator console', () => {
  test('a console form post records the operator\'s client address in the audit log, as the API does', async () => {
    const r = await post(`/admin/players/${player.userId}`, { _action: 'lock', id: player.userId, reason: 'checking the address', confirm: 'yes' });
    expect(r.status).toBe(303);
    const [row] = await rows(server.app, "SELECT ip FROM audit_log WHERE action = 'player.lock' AND target_id = ?", [player.userId]);
    expect(row?.ip).toBe('127.0.0.1');
    await post(`/admin/players/${player.userId}`, { _action: 'unlock', id: player.userId, reason: 'done checking' });
  });

  test('the audit page is a table of dates and readable details: cents as dollars, times as dates, no raw JSON', async () => {
    const expires = '2031-05-06';
    expect((await post('/admin/codes', { _action: 'create', code: 'WORDS-AUDIT', amount: '5', cap: '3', expiresAt: expires })).status).toBe(303);
    const doc = await html('/admin/audit?action=code.create');
    expect(doc).toContain('<th scope="col">When (UTC)</th>');
    expect(doc).toMatch(/<td data-label="When \(UTC\)">\d{4}-\d\d-\d\d \d\d:\d\d<\/td>/);
    expect(doc).toContain('<li><span class="muted">amount:</span> $5.00</li>');
    expect(doc).toContain('<li><span class="muted">cap:</span> 3</li>');
    expect(doc).toMatch(/<li><span class="muted">expires:<\/span> 2031-05-0[67] \d\d:\d\d UTC<\/li>/);
    expect(doc).not.toMatch(/expiresAt|amountCents|\{&quot;/);
    expect(doc).toContain('<td data-label="IP">127.0.0.1</td>');
  });

  test('no marketing footer in the console; the players\' pages keep theirs', async () => {
    for (const path of ['/admin', '/admin/audit', '/admin/players']) expect(await html(path)).not.toContain('site-footer');
    const other = await createPlayer(server.app);
    expect(await (await page(server.app, '/home', { cookie: `token=${other.token}` })).text()).toContain('<footer class="site-footer"');
  });

  test('the players list shows players only, never an operator\'s own account', async () => {
    const list = await html('/admin/players');
    expect(list).toContain(player.email);
    expect(list).not.toContain(op.email);
    expect(await html(`/admin/players?q=${encodeURIComponent(op.email)}`)).toContain('No player matches.');
  });

  test('the game tasks page names the command as the README does', async () => {
    const doc = await html('/admin/game-tasks');
    expect(doc).toContain('<code>coinreel games tasks --show ID</code> (or <code>npm run games:tasks -- --show ID</code> in a checkout)');
    expect(doc).not.toContain('bun run');
  });
});
