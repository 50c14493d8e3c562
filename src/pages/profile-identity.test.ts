import { afterAll, beforeAll, expect, test } from 'bun:test';
import { call, makeApp, page, type TestApp } from '../../tests/helpers/app';
import { submitIdentity } from '../../tests/helpers/identity';
import { createOperatorUser, createPlayer, type TestPlayer } from '../../tests/helpers/players';

let app: TestApp;
let op: TestPlayer;
beforeAll(async () => {
  app = await makeApp();
  op = await createOperatorUser(app);
});
afterAll(() => app.deps.database.client.close());

const link = async (p: TestPlayer) => /<a href="\/verify-identity">([^<]+)<\/a>/.exec(await (await page(app, '/profile-setting', { cookie: `token=${p.token}` })).text())?.[1];

test('the profile\'s link to the identity page says where the player stands', async () => {
  const p = await createPlayer(app);
  expect(await link(p)).toBe('Verify your identity');
  const r = await submitIdentity(app, p);
  expect(r.status).toBe(201);
  expect(await link(p)).toBe('Identity under review');
  expect((await call(app, 'POST', `/api/v1/admin/identity/${r.json.data.id}/approve`, { reason: 'Documents match' }, { token: op.token })).status).toBe(200);
  expect(await link(p)).toBe('Identity verified');
});
