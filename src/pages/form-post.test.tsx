import { describe, expect, test } from 'bun:test';
import { Elysia } from 'elysia';
import { createFlashCookies } from './flash';
import { createFormTokens } from '../http/form-token';
import { STALE_FORM, answerToResult } from './form-post';
import { pagesPlugin } from './pages.plugin';
import { sameOriginPlugin } from '../http/same-origin';
import { definePage, type ActionContext, type FormState, type Viewer } from './page';
import type { AssetStore } from '../assets/store';

const ORIGIN = 'http://localhost:3000';
const flash = createFlashCookies('k'.repeat(64), false);
const viewer: Viewer = { userId: 'u1', playerId: 1234567, email: 'a@example.com', name: null, walletCents: 0, sessionId: 's1' };
const formTokens = createFormTokens('f'.repeat(64));
const TOKEN = formTokens.for('s1');
const calls: { path: string; body: unknown; key?: string | null; cookie?: string | null }[] = [];

// The API the action calls in-process: refuses an amount of "0" with a field message, accepts anything else.
const api = new Elysia().post('/api/v1/thing', ({ body, request }) => {
  calls.push({ path: '/thing', body, key: request.headers.get('idempotency-key'), cookie: request.headers.get('cookie') });
  const amount = (body as { amount?: string }).amount;
  if (amount === '0') return new Response(JSON.stringify({ success: false, message: 'Bad', errors: [{ field: 'amount', message: 'Please enter a valid amount greater than 0' }] }), { status: 400 });
  return new Response(JSON.stringify({ success: true, message: 'Done it.' }), { headers: { 'set-cookie': 'token=new; Path=/; HttpOnly' } });
});

const thing = definePage({
  title: 'Thing',
  access: 'private',
  render: (ctx) => <p id="state">{JSON.stringify(ctx.form ?? null)}</p>,
  actions: {
    default: async (ctx: ActionContext) => {
      const a = await ctx.send('POST', '/thing', { amount: ctx.fields.amount }, { idempotencyKey: ctx.fields._key });
      if (a.json?.success) return { redirect: '/thing?done=1', flash: { kind: 'success', message: a.json.message }, cookies: a.cookies };
      const errors = Object.fromEntries((a.json?.errors ?? []).map((e: any) => [e.field, e.message]));
      return { status: a.status, form: { action: 'default', values: { amount: ctx.fields.amount ?? '' }, errors } };
    },
  },
});

const assets = { manifest: { css: '/s.css', enhance: '/e.js', islands: {} }, get: () => undefined } as unknown as AssetStore;
const app: { handle(req: Request): Promise<Response> } = new Elysia().use(sameOriginPlugin(ORIGIN, [])).use(api).use(
  pagesPlugin({
    routes: { '/thing': thing },
    assets,
    site: { siteName: 'Coinreel', supportEmail: 's@x', communityUrl: 'https://t.me/x', gameLinks: { ultraPanda: '', vblink: '' }, tickerMode: 'off', devMailbox: false, sandboxPayments: false, withdrawalTime: 'Withdrawals are usually sent within minutes.', bitcoinNetwork: 'regtest' },
    viewer: async (req) => (/token=good/.test(req.headers.get('cookie') ?? '') ? viewer : null),
    handle: (req) => app.handle(req),
    flash,
    formTokens,
  }),
);

const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  app.handle(new Request(ORIGIN + '/thing', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'token=good', origin: ORIGIN, ...headers },
    body: new URLSearchParams({ _token: TOKEN, ...fields }).toString(),
    redirect: 'manual',
  }));

describe('plain form posts to a page', () => {
  test('success: 303 to the next page with a signed flash that shows once there and is cleared', async () => {
    const r = await post({ amount: '5', _key: 'k-1' });
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe('/thing?done=1');
    // The API's own Set-Cookie (a sign-in's session) reaches the browser with the redirect, beside the flash.
    const [session, cookie] = r.headers.getSetCookie() as [string, string];
    expect(session).toBe('token=new; Path=/; HttpOnly');
    expect(cookie).toMatch(/^flash=[^;]+; Max-Age=60; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(calls.at(-1)).toEqual({ path: '/thing', body: { amount: '5' }, key: 'k-1', cookie: 'token=good' });
    const next = await app.handle(new Request(ORIGIN + '/thing?done=1', { headers: { cookie: `token=good; ${cookie.split(';')[0]}` } }));
    const html = await next.text();
    expect(html).toContain('<p class="alert alert-success flash" role="status">Done it.</p>');
    expect(next.headers.get('set-cookie')).toMatch(/^flash=; Max-Age=0/);
  });

  test('a tampered flash is not shown', async () => {
    const r = await post({ amount: '5' });
    const [name, value] = r.headers.getSetCookie()[1]!.split(';')[0]!.split('=');
    const forged = Buffer.from(JSON.stringify({ k: 'success', m: 'You won $1,000,000' })).toString('base64url') + '.' + value!.split('.')[1];
    const html = await (await app.handle(new Request(ORIGIN + '/thing', { headers: { cookie: `token=good; ${name}=${forged}` } }))).text();
    expect(html).not.toContain('You won');
  });

  test('refused: the page again with the API status, the typed value and the field message', async () => {
    const r = await post({ amount: '0' });
    expect(r.status).toBe(400);
    const html = await r.text();
    expect(html).toContain(JSON.stringify({ action: 'default', values: { amount: '0' }, errors: { amount: 'Please enter a valid amount greater than 0' } }).replace(/"/g, '&quot;'));
    // The title, read first by a screen reader on the new page, says the post was refused; the plain page's does not.
    expect(html).toContain('<title>Error: Thing | Coinreel</title>');
    expect(await (await app.handle(new Request(ORIGIN + '/thing', { headers: { cookie: 'token=good' } }))).text()).toContain('<title>Thing | Coinreel</title>');
  });

  test('a post from another site changes nothing', async () => {
    const before = calls.length;
    for (const h of [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }] as Record<string, string>[]) {
      const r = await post({ amount: '5' }, h);
      expect(r.status).toBe(403);
      expect(r.headers.get('set-cookie')).toBeNull();
    }
    expect(calls.length).toBe(before);
  });

  test('a visitor posting to a signed-in page is sent to sign in, and nothing runs', async () => {
    const before = calls.length;
    const r = await post({ amount: '5' }, { cookie: '' });
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe('/login?next=%2Fthing');
    expect(calls.length).toBe(before);
  });

  describe('the per-session form token of a signed-in form', () => {
    const refused = async (token: string | null) => {
      const before = calls.length;
      const fields: Record<string, string> = { amount: '7', _key: 'k-stale' };
      const body = new URLSearchParams(fields);
      if (token !== null) body.set('_token', token);
      const r = await app.handle(new Request(ORIGIN + '/thing', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'token=good', origin: ORIGIN }, body: body.toString() }));
      expect(r.status).toBe(403);
      const html = await r.text();
      // The page again, with what was typed and a plain reason; nothing was sent to the API.
      expect(html).toContain(STALE_FORM);
      expect(html).toContain('&quot;amount&quot;:&quot;7&quot;');
      expect(html).not.toContain('k-stale');
      expect(calls.length).toBe(before);
    };
    test('missing: refused, nothing changes', () => refused(null));
    test('wrong: refused, nothing changes', () => refused('x'.repeat(32)));
    test("another session's token: refused, nothing changes", () => refused(formTokens.for('s2')));
    test('an empty token: refused, nothing changes', () => refused(''));
  });

  test('a post with a cookie but no Origin and no Sec-Fetch-Site (not a browser) is refused', async () => {
    const r = await app.handle(new Request(ORIGIN + '/thing', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'token=good' }, body: 'amount=5' }));
    expect(r.status).toBe(403);
  });

  test('an unknown form name or a body that is not a form changes nothing', async () => {
    const before = calls.length;
    expect((await post({ _action: 'nope', amount: '5' })).status).toBe(303);
    const json = await app.handle(new Request(ORIGIN + '/thing', { method: 'POST', headers: { 'content-type': 'application/json', cookie: 'token=good', origin: ORIGIN }, body: '{"amount":"5"}' }));
    expect(json.status).toBe(303);
    expect(calls.length).toBe(before);
  });
});

describe('answerToResult: a refusal that names a page', () => {
  const refusal = (link: unknown, errors?: unknown) => answerToResult(
    { status: 403, cookies: [], json: { success: false, message: 'Please verify your identity before you withdraw.', link, ...(errors !== undefined && { errors }) } },
    { action: 'withdraw', values: {} }, () => ({ redirect: '/' }),
  ) as { form?: FormState };
  test('a page of this site comes back with the message', () => {
    expect(refusal('/verify-identity').form).toMatchObject({ message: 'Please verify your identity before you withdraw.', link: '/verify-identity' });
  });
  test('a link that would leave the site is dropped, the message kept', () => {
    for (const link of ['//elsewhere.example/x', 'https://elsewhere.example/', '/\\elsewhere.example', 'javascript:alert(1)', 42]) {
      const form = refusal(link).form!;
      expect(form.message).toBe('Please verify your identity before you withdraw.');
      expect('link' in form).toBe(false);
    }
  });
  test('field errors show at their fields, with no link', () => {
    const form = refusal('/verify-identity', [{ field: 'amount', message: 'Enter a valid amount' }]).form!;
    expect(form.errors).toEqual({ amount: 'Enter a valid amount' });
    expect('link' in form).toBe(false);
  });
});
