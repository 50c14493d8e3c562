// Every player has an account nonce: 32 random bytes, made once (by the migration for players who were there
// before it, at registration for new ones), never changed, shown only to its player.
import { describe, expect, test } from 'bun:test';
import { createClient } from '@libsql/client';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '../../../db/migrate';
import { migrations } from '../../../db/migrations';
import { call, makeApp, page } from '../../../tests/helpers/app';
import { createPlayer } from '../../../tests/helpers/players';

describe('account nonces', () => {
  test('the migration gives each player who was already there a nonce of their own', async () => {
    const client = createClient({ url: `file:${join(mkdtempSync(join(tmpdir(), 'coinreel-nonce-')), 'n.db')}` });
    const at = migrations.findIndex((m) => m.tag === '0028_solvency');
    await migrate(client, { list: migrations.slice(0, at) });
    for (let i = 0; i < 50; i++) {
      await client.execute({ sql: `INSERT INTO users (id, player_id, email, password_hash, terms_version_accepted, terms_accepted_at, age_confirmed_at, created_at)
        VALUES (?, ?, ?, 'x', 3, 1, 1, 1)`, args: [`u${i}`, 1_000_000 + i, `p${i}@example.com`] });
    }
    await migrate(client);
    const r = await client.execute('SELECT hex(solvency_nonce) AS n, length(solvency_nonce) AS len, typeof(solvency_nonce) AS t FROM users');
    expect(r.rows.every((row) => row.len === 32 && row.t === 'blob')).toBe(true);
    expect(new Set(r.rows.map((row) => row.n)).size).toBe(50);
    // Made once: nothing may change it afterwards.
    await expect(client.execute("UPDATE users SET solvency_nonce = randomblob(32) WHERE id = 'u1'")).rejects.toThrow(/never changes/);
    await expect(client.execute("UPDATE users SET solvency_nonce = NULL WHERE id = 'u1'")).rejects.toThrow(/never changes/);
  });

  test('registration makes one; a player made another way gets one too', async () => {
    const app = await makeApp();
    const email = `nonce.${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect((await call(app, 'POST', '/api/v1/register', { email, password: 'Goodpass1', reference: 'friend', userType: 'USER', termsAccepted: true, ageConfirmed: true })).status).toBe(201);
    await createPlayer(app);
    const r = await app.deps.database.client.execute('SELECT length(solvency_nonce) AS len FROM users');
    expect(r.rows.map((row) => row.len)).toEqual([32, 32]);
  });

  test('Profile Settings shows the player their own nonce, and no one else\'s', async () => {
    const app = await makeApp();
    const [a, b] = [await createPlayer(app), await createPlayer(app)];
    const [na, nb] = [(await app.deps.solvency.forPlayer(a.userId))!.accountNonce, (await app.deps.solvency.forPlayer(b.userId))!.accountNonce];
    const html = await (await page(app, '/profile-setting', { cookie: `token=${a.token}` })).text();
    expect(html).toContain(na);
    expect(html).not.toContain(nb);
    expect(html).toContain('data-island="AccountNonce"');
    // The public page gives a visitor no nonce at all.
    const visitor = await (await page(app, '/solvency')).text();
    expect(visitor).not.toContain(na);
    expect(visitor).not.toContain(nb);
  });
});
