import { afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { call, makeApp, type TestApp } from '../tests/helpers/app';
import { islandDom, routeFetchTo, watchIslands } from '../tests/helpers/islands';
import { resetSessionRedirect } from './_client/api';
import { createPlayer } from '../tests/helpers/players';
import TickerPrivacyForm from './TickerPrivacyForm';

const { render, screen, fireEvent, waitFor, cleanup } = await islandDom('http://localhost:3000/profile-setting');
const seen = watchIslands();
let app: TestApp;

beforeAll(async () => {
  app = await makeApp();
});
afterEach(() => {
  cleanup();
  seen.clear();
});

async function signedIn() {
  const p = await createPlayer(app);
  const server = routeFetchTo(app);
  server.jar.set('token', p.token);
  return { p, server };
}
const saved = async (token: string) => (await call(app, 'GET', '/api/v1/user/privacy', undefined, { token })).json.privacy.tickerOptIn;
const box = () => screen.getByLabelText("Show my cash-outs in the site's ticker") as HTMLInputElement;

describe('TickerPrivacyForm against the real API', () => {
  test('off as the server said; ticking and saving stores it on the account and says so', async () => {
    const { p, server } = await signedIn();
    render(<TickerPrivacyForm on={false} formToken="t" />);
    expect(box().checked).toBe(false);
    fireEvent.click(box());
    fireEvent.click(screen.getByRole('button', { name: 'Save choice' }));
    await waitFor(() => expect(seen.toasts.map((t) => t.message)).toEqual(['Saved. Your cash-outs may appear in the ticker, without your name, rounded to whole dollars.']));
    expect(server.sent).toEqual([{ method: 'PUT', path: '/api/v1/user/privacy', body: { tickerOptIn: true } }]);
    expect(await saved(p.token)).toBe(true);
    fireEvent.click(box());
    fireEvent.click(screen.getByRole('button', { name: 'Save choice' }));
    await waitFor(() => expect(seen.toasts).toHaveLength(2));
    expect(await saved(p.token)).toBe(false);
    expect(box().checked).toBe(false);
  });

  test('while saving the button says so; a session that ended meanwhile is sent to sign in', async () => {
    const { server } = await signedIn();
    render(<TickerPrivacyForm on={true} />);
    const release = server.pause();
    fireEvent.click(screen.getByRole('button', { name: 'Save choice' }));
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeTruthy();
    // The session ends while the request is held: the answer is the API's own 401 path (a redirect to log in).
    await app.deps.database.client.execute('UPDATE sessions SET revoked_at = 1');
    release();
    await waitFor(() => expect(seen.toasts.map((t) => t.message)).toContain('Session expired. Please log in again.'));
    await waitFor(() => expect(seen.went).toEqual([{ how: 'assign', path: '/login?next=%2Fprofile-setting' }]), { timeout: 3000 });
    // The once-per-page redirect is set for good in this module: the next file's islands start afresh.
    resetSessionRedirect();
  });
});
