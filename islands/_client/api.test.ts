import { afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { makeApp, type TestApp } from '../../tests/helpers/app';
import { islandDom, routeFetchTo } from '../../tests/helpers/islands';
import { api, NETWORK_ERROR, REQUEST_FAILED, resetSessionRedirect, SESSION_EXPIRED, UNEXPECTED } from './api';
import { navigation } from './navigate';
import { TOAST_EVENT, type ToastDetail } from './toast';

// Bun's own Response, kept before happy-dom replaces the globals.
const BunResponse = Response;
await islandDom();

type Sent = { url: string; init: RequestInit };
let sent: Sent[] = [];
let toasts: ToastDetail[] = [];
let went: string[] = [];

function stub(answer: () => Response | Promise<Response>) {
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return answer();
  }) as typeof fetch;
}
const json = (status: number, body: unknown) =>
  new BunResponse(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeAll(() => {
  document.addEventListener(TOAST_EVENT, (e) => toasts.push((e as CustomEvent<ToastDetail>).detail));
  navigation.assign = (p) => void went.push(p);
});
afterEach(() => {
  sent = [];
  toasts = [];
  went = [];
  resetSessionRedirect();
});

describe('api client (spec §8)', () => {
  test('sends JSON to /api/v1 with the cookie credentials and no token header; success carries the status', async () => {
    stub(() => json(201, { success: true, message: 'Registration successful.' }));
    const r = await api('/register', { method: 'POST', body: { email: 'a@b.co' } });
    expect(sent[0]!.url).toBe('/api/v1/register');
    expect(sent[0]!.init.method).toBe('POST');
    expect(sent[0]!.init.credentials).toBe('same-origin');
    expect(sent[0]!.init.body).toBe('{"email":"a@b.co"}');
    const headers = sent[0]!.init.headers as Record<string, string>;
    expect(headers['content-type']).toBe('application/json');
    expect(headers.authorization).toBeUndefined();
    expect(r).toMatchObject({ success: true, status: 201, message: 'Registration successful.' });
    expect(toasts).toEqual([]);
    expect(localStorage.length).toBe(0);
  });

  test('401 toasts the session message and goes to /login once, after 1000 ms, however many calls fail', async () => {
    stub(() => json(401, { success: false, message: 'Session expired. Please log in again.' }));
    const started = Date.now();
    const [a] = await Promise.all([api('/user/details'), api('/user/details')]);
    expect(a.status).toBe(401);
    expect(a.success).toBe(false);
    expect(toasts.every((t) => t.kind === 'error' && t.message === SESSION_EXPIRED && t.id === 'session-expired')).toBe(true);
    await Bun.sleep(900);
    expect(went).toEqual([]);
    await Bun.sleep(250);
    expect(went).toEqual(['/login']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    await api('/user/details');
    await Bun.sleep(1100);
    expect(went).toEqual(['/login']);
  });

  test('a 401 on a signed-in page goes to /login with the page to come back to', async () => {
    resetSessionRedirect();
    history.replaceState(null, '', '/home#withdraw');
    try {
      stub(() => json(401, { success: false, message: 'Session expired. Please log in again.' }));
      await api('/withdraw/withdraw-request', { method: 'POST', body: {} });
      await Bun.sleep(1100);
      expect(went.at(-1)).toBe('/login?next=%2Fhome%23withdraw');
    } finally {
      history.replaceState(null, '', '/');
      resetSessionRedirect();
    }
  });

  test('a 401 on an anonymous call (wrong password at login) is an ordinary failure with the server message', async () => {
    stub(() => json(401, { success: false, message: 'Invalid email or password. Please try again.' }));
    const r = await api('/login', { method: 'POST', body: {}, anonymous: true });
    expect(r.status).toBe(401);
    expect(toasts).toEqual([{ kind: 'error', message: 'Invalid email or password. Please try again.', id: 'request-failed' }]);
    await Bun.sleep(1100);
    expect(went).toEqual([]);
  });

  test('a body that is not JSON toasts "Unexpected server response."', async () => {
    stub(() => new BunResponse('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    const r = await api('/user/details');
    expect(r).toMatchObject({ success: false, status: 502, message: UNEXPECTED });
    expect(toasts).toEqual([{ kind: 'error', message: UNEXPECTED, id: 'unexpected-response' }]);
  });

  test('a network failure toasts "Network error or server unavailable." and rethrows', async () => {
    stub(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api('/login', { method: 'POST', body: {} })).rejects.toThrow('Failed to fetch');
    expect(toasts).toEqual([{ kind: 'error', message: NETWORK_ERROR, id: 'network-error' }]);
  });

  test('other failures toast the server message, or "Request failed." when there is none', async () => {
    stub(() => json(429, { success: false, message: 'Too many attempts. Please wait and try again.', errorType: 'RATE_LIMITED' }));
    const limited = await api('/forget-password', { method: 'POST', body: {} });
    expect(limited).toMatchObject({ status: 429, errorType: 'RATE_LIMITED' });
    stub(() => json(500, { success: false }));
    const bare = await api('/user/details');
    expect(bare.message).toBe(REQUEST_FAILED);
    expect(toasts.map((t) => t.message)).toEqual(['Too many attempts. Please wait and try again.', REQUEST_FAILED]);
  });

  test('field errors come back keyed by field; a form showing all of them inline is not toasted too', async () => {
    const body = { success: false, message: 'Email is required', errors: [{ field: 'email', message: 'Email is required' }, { field: 'password', message: 'Password is required' }] };
    stub(() => json(400, body));
    const inline = await api('/login', { method: 'POST', body: {}, anonymous: true, inlineFields: ['email', 'password'] });
    expect(inline.fieldErrors).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(toasts).toEqual([]);
    // A field the form does not show still reaches the player.
    await api('/login', { method: 'POST', body: {}, anonymous: true, inlineFields: ['email'] });
    expect(toasts.map((t) => t.message)).toEqual(['Email is required']);
  });

  test('error types the caller handles itself are not toasted', async () => {
    stub(() => json(403, { success: false, message: 'Please verify your email before logging in.', errorType: 'EMAIL_NOT_VERIFIED' }));
    const r = await api('/login', { method: 'POST', body: {}, anonymous: true, quietErrorTypes: ['EMAIL_NOT_VERIFIED'] });
    expect(r).toMatchObject({ status: 403, errorType: 'EMAIL_NOT_VERIFIED', success: false });
    expect(toasts).toEqual([]);
  });

  describe('against the real server', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await makeApp();
    });
    test('a refused login comes back with its status and field errors; a call without a session is the 401 path', async () => {
      routeFetchTo(app);
      const bad = await api('/login', { method: 'POST', body: { email: 'nope', password: '' }, anonymous: true, inlineFields: ['email', 'password'] });
      expect(bad).toMatchObject({ success: false, status: 400 });
      expect(bad.fieldErrors).toEqual({ email: 'Email address is invalid', password: 'Password is required' });
      expect(toasts).toEqual([]);
      const details = await api('/user/details');
      expect(details.status).toBe(401);
      expect(toasts).toEqual([{ kind: 'error', message: SESSION_EXPIRED, id: 'session-expired' }]);
      await Bun.sleep(1100);
      expect(went).toEqual(['/login']);
    });
  });
});
