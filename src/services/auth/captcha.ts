import { timingSafeEqual } from 'node:crypto';
import type { SharedStore } from '../store/store.port';
import { CAPTCHA_ALPHABET, captchaDataUrl } from './captcha-image';

export const CAPTCHA_LENGTH = 4;
export const CAPTCHA_TTL_MS = 10 * 60_000;
const ID_SHAPE = /^[0-9a-f-]{36}$/;

/** Where a captcha's hashed answer is kept in the shared store (so any instance can check it). */
export const captchaKey = (id: string) => `captcha:${id}`;

// Salted with the captcha's own id so equal answers never share a stored value.
export const captchaAnswerHash = (id: string, answer: string) => new Bun.CryptoHasher('sha256').update(`${id}:${answer.toUpperCase()}`).digest('hex');

function randomAnswer(): string {
  // Rejection sampling keeps every character equally likely (256 is not a multiple of the alphabet size).
  const limit = 256 - (256 % CAPTCHA_ALPHABET.length);
  let out = '';
  while (out.length < CAPTCHA_LENGTH) {
    for (const b of crypto.getRandomValues(new Uint8Array(8))) {
      if (b < limit && out.length < CAPTCHA_LENGTH) out += CAPTCHA_ALPHABET[b % CAPTCHA_ALPHABET.length];
    }
  }
  return out;
}

/**
 * A new captcha: its id and image for the client; only the hashed answer is kept, in the shared store, for
 * CAPTCHA_TTL_MS. Short-lived and written on every forgotten password, so it stays off the database.
 */
export async function issueCaptcha(store: SharedStore): Promise<{ captchaId: string; image: string }> {
  const captchaId = crypto.randomUUID();
  const answer = randomAnswer();
  await store.set(captchaKey(captchaId), captchaAnswerHash(captchaId, answer), CAPTCHA_TTL_MS);
  return { captchaId, image: captchaDataUrl(answer) };
}

/**
 * True when `given` answers the captcha. It is taken out of the store on the first check, right or wrong (and on
 * whichever instance), so a captcha can never be guessed at more than once.
 */
export async function checkCaptcha(store: SharedStore, captchaId: unknown, given: unknown): Promise<boolean> {
  if (typeof captchaId !== 'string' || !ID_SHAPE.test(captchaId) || typeof given !== 'string') return false;
  const hash = await store.take(captchaKey(captchaId));
  if (!hash || !/^[0-9a-f]{64}$/.test(hash)) return false;
  // Both are SHA-256 digests, so the lengths always match.
  return timingSafeEqual(Buffer.from(hash, 'hex'), Buffer.from(captchaAnswerHash(captchaId, given.trim()), 'hex'));
}
