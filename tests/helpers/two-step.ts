import { createHmac } from 'node:crypto';
import { call, makeApp, type TestApp } from './app';
import type { TestPlayer } from './players';
import type { Deps } from '../../src/deps';
import { tokenIn, waitForMail } from './accounts';

/** A clock the app's two-step codes read; tests move it instead of waiting. Starts 10 s into a 30 s step. */
export function testClock(start = Date.UTC(2026, 0, 5, 12, 0, 10)) {
  const c = { t: start, now: () => c.t, step: (n = 1) => void (c.t += n * 30_000) };
  return c;
}

/** An app whose two-step codes follow `clock`. */
export const makeClockedApp = (clock: { now: () => number }, env: Record<string, string> = {}, overrides: Partial<Deps> = {}) => makeApp(env, { now: clock.now, ...overrides });

function base32(s: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of s.replace(/[\s=]/g, '').toUpperCase()) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  return Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
}

/**
 * The code an authenticator app shows for `secret` at `ms`: RFC 6238 (HMAC-SHA1, 30 s, six digits) written out
 * here apart from the app's library, so a wrong setting there fails the tests.
 */
export function codeFor(secret: string, ms: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(ms / 30_000)));
  const h = createHmac('sha1', base32(secret)).update(counter).digest();
  const o = h[h.length - 1]! & 0xf;
  return String((h.readUInt32BE(o) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

export const CONFIRM_SUBJECT = /^Confirm two-step verification for the operator console$/;

/** The link of the newest two-step confirmation mailed to `email` after the `after` ones before it. */
export async function confirmationToken(app: TestApp, email: string, after = 0): Promise<string> {
  return tokenIn(await waitForMail(app, email, CONFIRM_SUBJECT, after), '/two-step/confirm');
}

/**
 * Turns two-step verification on through the API, as the player would; the secret and the recovery codes shown. An
 * operator's (OPERATOR_TWO_STEP=required) waits for the mailed link, which is then opened in the same session.
 */
export async function turnOnTwoStep(app: TestApp, p: TestPlayer, ms: number): Promise<{ secret: string; recoveryCodes: string[] }> {
  const s = await call(app, 'POST', '/api/v1/user/2fa/setup', {}, { token: p.token });
  if (s.status !== 200) throw new Error(`setup: ${s.status} ${s.text}`);
  const e = await call(app, 'POST', '/api/v1/user/2fa/enable', { code: codeFor(s.json.secret, ms), currentPassword: p.password }, { token: p.token });
  if (e.status === 202) {
    const c = await call(app, 'POST', '/api/v1/user/2fa/confirm', { token: await confirmationToken(app, p.email) }, { token: p.token });
    if (c.status !== 200) throw new Error(`confirm: ${c.status} ${c.text}`);
    return { secret: s.json.secret, recoveryCodes: c.json.recoveryCodes };
  }
  if (e.status !== 200) throw new Error(`enable: ${e.status} ${e.text}`);
  return { secret: s.json.secret, recoveryCodes: e.json.recoveryCodes };
}
