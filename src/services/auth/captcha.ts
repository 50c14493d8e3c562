import { timingSafeEqual } from 'node:crypto';
import type { SharedStore } from '../store/store.port';
import { CAPTCHA_ALPHABET, captchaDataUrl, captchaSvg } from './captcha-image';
import { normalizeAnswer, randomQuestion } from './captcha-question';
import type { Lang } from '../../i18n/lang';

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

export type IssuedCaptcha = { captchaId: string; image: string } | { captchaId: string; question: string };

/**
 * A new captcha: its id and, for the client, a picture of four characters or (`question`, the non-visual form for
 * screen-reader users) a sum in words, in the page's language (`lang`). Only the hashed answer is kept, in the shared
 * store, for CAPTCHA_TTL_MS, so both are checked the same way. Short-lived and written on every forgotten password, so
 * it stays off the database.
 */
export async function issueCaptcha(store: SharedStore, kind: 'image' | 'question' = 'image', lang: Lang = 'en'): Promise<IssuedCaptcha> {
  const captchaId = crypto.randomUUID();
  const q = kind === 'question' ? randomQuestion(lang) : null;
  const answer = q ? q.answer : randomAnswer();
  await store.set(captchaKey(captchaId), captchaAnswerHash(captchaId, answer), CAPTCHA_TTL_MS);
  return q ? { captchaId, question: q.question } : { captchaId, image: captchaDataUrl(answer) };
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
  // A question's answer may be typed in words ('eleven'); a picture's four characters never are number words.
  return timingSafeEqual(Buffer.from(hash, 'hex'), Buffer.from(captchaAnswerHash(captchaId, normalizeAnswer(given)), 'hex'));
}

/**
 * A picture captcha as its own request (`GET /api/v1/captcha.svg`), so the forgot-password page is the same for
 * every visitor: the SVG, and its id for the cookie that binds it to the form. The answer is kept exactly as by
 * `issueCaptcha` (hashed, in the shared store, one try).
 */
export async function issueCaptchaImage(store: SharedStore): Promise<{ captchaId: string; svg: string }> {
  const captchaId = crypto.randomUUID();
  const answer = randomAnswer();
  await store.set(captchaKey(captchaId), captchaAnswerHash(captchaId, answer), CAPTCHA_TTL_MS);
  return { captchaId, svg: captchaSvg(answer) };
}

const COOKIE = 'captcha';

/**
 * The cookie that carries the last picture's id to the form post. It carries what the form's hidden field carried
 * before (a random id that grants nothing by itself), lasts as long as the captcha, and goes to this site only.
 */
export function captchaCookie(captchaId: string, secure: boolean): string {
  return [`${COOKIE}=${captchaId}`, 'HttpOnly', 'SameSite=Lax', 'Path=/', `Max-Age=${CAPTCHA_TTL_MS / 1000}`, ...(secure ? ['Secure'] : [])].join('; ');
}

/** The captcha id in the request's cookie, or null. */
export function captchaIdFrom(req: Request): string | null {
  const m = /(?:^|;\s*)captcha=([0-9a-f-]{36})(?:;|$)/.exec(req.headers.get('cookie') ?? '');
  return m ? m[1]! : null;
}
