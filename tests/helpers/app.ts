import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type App } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { buildDeps, type Deps } from '../../src/deps';
import { recordClientIp } from '../../src/http/client-ip';
import { AML_OFF } from './aml';

export type TestApp = App & { deps: Deps; dir: string; config: Config };

/** A whole app on its own temp-file database, quiet, outside production. */
export async function makeApp(env: Record<string, string> = {}, overrides: Partial<Deps> = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'coinreel-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: `file:${join(dir, 'test.db')}`,
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    // The product asks for a verified identity before the first withdrawal; tests about other things withdraw without one.
    IDENTITY_REQUIRED_FOR: 'none',
    // Likewise the tax details asked before a year's withdrawals reach $600: out of the way unless a test sets it.
    TAX_DETAILS_THRESHOLD_DOLLARS: '1000000000',
    // And the money-laundering watch's rules (a test's funded player who withdraws without playing would be held).
    ...AML_OFF,
    // Production requires them (outside production a key is generated into the temp DATA_DIR, mail goes to the outbox).
    // Without BTCPay, production runs only as a payments demo, said so.
    ...(env.NODE_ENV === 'production' && { CREDENTIAL_KEY: 'c'.repeat(64), DOCUMENT_KEY: 'd'.repeat(64), SMTP_URL: 'smtp://127.0.0.1:9', PAYMENTS_SANDBOX_IN_PRODUCTION: 'on' }),
    ...env,
  });
  const deps = await buildDeps(config, overrides);
  return { ...createApp(deps), deps, dir, config };
}

export const BASE = 'http://localhost:3000';

/** The connection address of a client on the test's own machine (the sandbox's controls answer only such clients). */
export const LOOPBACK = '127.0.0.1';

/** A request as if it came in a connection from `peer` (src/http/client-ip.ts); without one it came in none. */
export function fromPeer(req: Request, peer?: string): Request {
  if (peer) recordClientIp(req, peer);
  return req;
}

/**
 * What a browser adds to a request a page of the site makes to the site itself. The app refuses a state-changing
 * request that another site could have made (src/http/same-origin.ts); `opts.headers` may override these.
 */
export const SAME_ORIGIN: Readonly<Record<string, string>> = { origin: BASE, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' };

/** A JSON request to the app as the site's own page would send it, with optional bearer token, extra headers and the connection's address. */
export async function call(app: App, method: string, path: string, body?: unknown, opts: { token?: string; headers?: Record<string, string>; peer?: string } = {}) {
  const headers: Record<string, string> = { ...(method === 'GET' || method === 'HEAD' ? { 'sec-fetch-site': 'same-origin' } : SAME_ORIGIN), ...opts.headers };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await app.handle(fromPeer(new Request(BASE + path, { method, headers, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) }), opts.peer));
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, headers: res.headers, json, text };
}

export const page = (app: App, path: string, headers: Record<string, string> = {}, peer?: string) =>
  app.handle(fromPeer(new Request(BASE + path, { headers, redirect: 'manual' }), peer));
