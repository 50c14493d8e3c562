import { GlobalRegistrator } from '@happy-dom/global-registrator';
import { afterAll } from 'bun:test';
import type { App } from '../../src/app';
import { TOAST_EVENT, type ToastDetail } from '../../islands/_client/toast';
import { navigation } from '../../islands/_client/navigate';

// Bun's own fetch classes, kept before happy-dom replaces the globals: the app under test speaks these.
const BunRequest = globalThis.Request;
const BunHeaders = globalThis.Headers;
const BunFormData = globalThis.FormData;
const BunFile = globalThis.File;
// React keeps the timer functions it finds when first loaded. They must be Bun's own: a window's timers stop
// when its file unregisters it, and React loaded under one file's window would then never render again.
const BUN_TIMERS = { setTimeout, clearTimeout, setInterval, clearInterval, setImmediate, clearImmediate, queueMicrotask };

/**
 * happy-dom for one island test file, with @testing-library/react loaded on top of it. Call it with top-level
 * await before anything renders: react-dom decides at import time whether a DOM exists (a text input's onChange
 * depends on it), so it must be imported after the DOM is registered. Queries are bound to this file's body.
 */
export async function islandDom(url = 'http://localhost:3000/') {
  GlobalRegistrator.register({ url, width: 390, height: 844 });
  Object.assign(globalThis, BUN_TIMERS);
  const rtl = await import('@testing-library/react');
  afterAll(async () => {
    rtl.cleanup();
    // A render committed outside act (an answer that came in as the last test ended) leaves a callback with React's
    // scheduler, which reads window.event: let it run while this file's window still exists.
    await new Promise((r) => BUN_TIMERS.setTimeout(r, 20));
    await GlobalRegistrator.unregister();
  });
  return { ...rtl, screen: rtl.within(document.body) };
}

/**
 * Points the islands' fetch at a real app, the way a browser on the same site would call it: a cookie jar
 * (the session is an httpOnly cookie), Sec-Fetch-Site same-origin. `pause()` holds requests until released,
 * so a test can look at a form while its request is in flight; `loseAnswers()` drops answers after the app has acted.
 */
export function routeFetchTo(app: App) {
  const jar = new Map<string, string>();
  const sent: { method: string; path: string; body: unknown; key?: string }[] = [];
  let gate: Promise<void> | null = null;
  let lose = 0;
  globalThis.fetch = (async (input: string, init: RequestInit = {}) => {
    const headers = new BunHeaders(init.headers as Record<string, string>);
    headers.set('sec-fetch-site', 'same-origin');
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const url = new URL(String(input), 'http://localhost:3000');
    const key = headers.get('idempotency-key');
    sent.push({ method: init.method ?? 'GET', path: url.pathname, body: init.body ? JSON.parse(String(init.body)) : undefined, ...(key && { key }) });
    if (gate) await gate;
    const res = await app.handle(new BunRequest(url, { method: init.method, headers, body: init.body as string | undefined }));
    // The server did its work, then the connection dropped: the browser sees only a network failure.
    if (lose > 0 && init.method && init.method !== 'GET') {
      lose--;
      throw new TypeError('Failed to fetch');
    }
    // Under happy-dom the app builds its responses with happy-dom's Headers, which hide Set-Cookie as a
    // browser hides it from scripts; the login answer's body names the same session, so the jar takes it there.
    if (res.ok && url.pathname === '/api/v1/login') jar.set('token', (await res.clone().json()).token);
    if (res.ok && url.pathname === '/api/v1/logout') jar.delete('token');
    return res;
  }) as unknown as typeof fetch;
  return {
    jar,
    sent,
    /** The next `n` writes reach the app and are done, but their answers are lost on the way back. */
    loseAnswers(n = 1) {
      lose = n;
    },
    pause(): () => void {
      let release!: () => void;
      gate = new Promise((r) => (release = r));
      return () => {
        gate = null;
        release();
      };
    },
  };
}

/**
 * The browser's XMLHttpRequest for the islands that upload (islands/_client/upload.ts), sending to the real app as
 * a browser on the same site would: the form as multipart (its files read from the page's File objects), the
 * session cookie from `jar`, Sec-Fetch-Site same-origin; the upload's progress is reported as sent in one go.
 * `pause()` holds the next request before it reaches the app.
 */
export function routeUploadsTo(app: App, jar: Map<string, string>) {
  const sent: { path: string; fields: Record<string, string | { name: string; size: number }> }[] = [];
  let gate: Promise<void> | null = null;
  class RoutedXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    #method = 'GET';
    #url = '';
    #headers: Record<string, string> = {};
    #answer: Response | null = null;
    open(method: string, url: string) {
      this.#method = method;
      this.#url = url;
    }
    setRequestHeader(k: string, v: string) {
      this.#headers[k] = v;
    }
    getResponseHeader(k: string) {
      return this.#answer?.headers.get(k) ?? null;
    }
    async send(form: FormData) {
      const body = new BunFormData();
      const fields: Record<string, string | { name: string; size: number }> = {};
      for (const [k, v] of form as unknown as Iterable<[string, string | File]>) {
        if (typeof v === 'string') body.append(k, v), (fields[k] = v);
        else body.append(k, new BunFile([await v.arrayBuffer()], v.name, { type: v.type }), v.name), (fields[k] = { name: v.name, size: v.size });
      }
      const url = new URL(this.#url, 'http://localhost:3000');
      sent.push({ path: url.pathname, fields });
      if (gate) await gate;
      const headers = new BunHeaders({ ...this.#headers, 'sec-fetch-site': 'same-origin', origin: 'http://localhost:3000' });
      if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
      const req = new BunRequest(url, { method: this.#method, headers, body });
      const total = Number(req.headers.get('content-length') ?? 0) || 1;
      this.upload.onprogress?.({ lengthComputable: true, loaded: total, total });
      this.#answer = await app.handle(req);
      this.status = this.#answer.status;
      this.responseText = await this.#answer.text();
      this.onload?.();
    }
  }
  globalThis.XMLHttpRequest = RoutedXhr as unknown as typeof XMLHttpRequest;
  return {
    sent,
    pause(): () => void {
      let release!: () => void;
      gate = new Promise((r) => (release = r));
      return () => {
        gate = null;
        release();
      };
    },
  };
}

/** Toasts the islands raised, and the pages they asked to go to, instead of leaving the test's page. */
export function watchIslands() {
  const toasts: ToastDetail[] = [];
  const went: { how: 'assign' | 'replace'; path: string }[] = [];
  document.addEventListener(TOAST_EVENT, (e) => toasts.push((e as CustomEvent<ToastDetail>).detail));
  navigation.assign = (path) => void went.push({ how: 'assign', path });
  navigation.replace = (path) => void went.push({ how: 'replace', path });
  return {
    toasts,
    went,
    clear() {
      toasts.length = 0;
      went.length = 0;
    },
  };
}

/** The messages the app's outbox holds for one address, newest first (mail goes out after the commit). */
export async function mailTo(app: { dir: string }, email: string) {
  const { createOutboxMailer } = await import('../../src/services/mail/outbox.mailer');
  const all = await createOutboxMailer(`${app.dir}/mail`).list();
  return all.filter((m) => m.to.toLowerCase() === email.toLowerCase());
}

/** The first link in the newest message to `email` whose path starts with `prefix`, waiting for it to arrive. */
export async function linkFromMail(app: { dir: string }, email: string, prefix: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    for (const m of await mailTo(app, email)) {
      const found = new RegExp(`https?://[^\\s"'<>]*${prefix.replace(/\//g, '\\/')}[^\\s"'<>]*`).exec(m.text);
      if (found) return new URL(found[0]).pathname;
    }
    await Bun.sleep(20);
  }
  throw new Error(`no mail to ${email} with a ${prefix} link`);
}
