import { describe, expect, test } from 'bun:test';
import { call, makeApp, page, type TestApp } from '../../tests/helpers/app';
import { submitIdentity } from '../../tests/helpers/identity';
import { createOperatorUser, createPlayer, type TestPlayer } from '../../tests/helpers/players';

const HINT = 'Cash-outs need a verified identity. <a href="/verify-identity">Verify your identity</a>';
const home = async (app: TestApp, p: TestPlayer) => (await page(app, '/home', { cookie: `token=${p.token}` })).text();

describe('the withdraw card asks for identity only when a cash-out needs it', () => {
  test('IDENTITY_REQUIRED_FOR=withdrawal: shown to an unverified player (also while under review), gone once verified', async () => {
    const app = await makeApp({ IDENTITY_REQUIRED_FOR: 'withdrawal' });
    const op = await createOperatorUser(app);
    const p = await createPlayer(app);
    const first = await home(app, p);
    expect(first).toContain('Withdraw to Bitcoin');
    expect(first).toContain(HINT);
    await submitIdentity(app, p);
    expect(await home(app, p)).toContain(HINT);
    const [s] = (await app.deps.database.client.execute({ sql: 'SELECT id FROM identity_submissions WHERE user_id = ?', args: [p.userId] })).rows;
    expect((await call(app, 'POST', `/api/v1/admin/identity/${s!.id}/approve`, { reason: 'Documents match' }, { token: op.token })).status).toBe(200);
    const verified = await home(app, p);
    expect(verified).toContain('Withdraw to Bitcoin');
    expect(verified).not.toContain('Cash-outs need a verified identity');
  });

  test('IDENTITY_REQUIRED_FOR=none: not shown', async () => {
    const app = await makeApp({ IDENTITY_REQUIRED_FOR: 'none' });
    const doc = await home(app, await createPlayer(app));
    expect(doc).toContain('Withdraw to Bitcoin');
    expect(doc).not.toContain('Cash-outs need a verified identity');
  });
});
