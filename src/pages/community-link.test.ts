import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { loadConfig } from '../config';
import { makeApp, page, type TestApp } from '../../tests/helpers/app';
import { createPlayer, type TestPlayer } from '../../tests/helpers/players';

// COMMUNITY_URL has no default: until an operator names their own channel, no page links to one.
let app: TestApp;
let p: TestPlayer;
beforeAll(async () => {
  app = await makeApp();
  p = await createPlayer(app);
});
afterAll(() => app.deps.database.client.close());

const html = async (path: string, signedIn = false) => (await page(app, path, signedIn ? { cookie: `token=${p.token}` } : {})).text();

describe('the community link', () => {
  test('COMMUNITY_URL is unset by default', () => {
    expect(loadConfig({}).COMMUNITY_URL).toBeUndefined();
    expect(loadConfig({ COMMUNITY_URL: 'https://chat.example/ours' }).COMMUNITY_URL).toBe('https://chat.example/ours');
    expect(() => loadConfig({ COMMUNITY_URL: 'not a url' })).toThrow(/COMMUNITY_URL/);
  });

  test('unset: no Join Telegram, no chat card, no community link on any page', async () => {
    const support = await html('/support');
    expect(support).not.toContain('Community chat');
    expect(support).toContain('E-mail us');
    const freeplay = await html('/freeplay', true);
    expect(freeplay).toContain('<button type="submit" class="btn btn-primary btn-block">Submit</button>');
    expect(freeplay).not.toContain('Join Telegram');
    for (const doc of [support, freeplay, await html('/home', true), await html('/'), await html(`/verify/email/${'A'.repeat(43)}`)]) {
      expect(doc).not.toContain('t.me');
      expect(doc).not.toMatch(/"communityUrl":"/);
    }
  });

  test('set: the pages link to it', async () => {
    const own = await makeApp({ COMMUNITY_URL: 'https://chat.example/ours' });
    const q = await createPlayer(own);
    expect(await (await page(own, '/support')).text()).toContain('href="https://chat.example/ours"');
    expect(await (await page(own, '/freeplay', { cookie: `token=${q.token}` })).text()).toMatch(/href="https:\/\/chat.example\/ours"[^>]*>Join Telegram/);
    own.deps.database.client.close();
  });
});
