import { timingSafeEqual } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { captchas } from '../../../db/schema';
import { CAPTCHA_ALPHABET, captchaDataUrl } from './captcha-image';
import { normalizeAnswer, randomQuestion } from './captcha-question';

export const CAPTCHA_LENGTH = 4;
export const CAPTCHA_TTL_MS = 10 * 60_000;
const ID_SHAPE = /^[0-9a-f-]{36}$/;

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
 * screen-reader users) a sum in words. Only the hashed answer is kept, so both are checked the same way.
 */
export async function issueCaptcha(db: Db, now = new Date(), kind: 'image' | 'question' = 'image'): Promise<IssuedCaptcha> {
  const captchaId = crypto.randomUUID();
  const q = kind === 'question' ? randomQuestion() : null;
  const answer = q ? q.answer : randomAnswer();
  await db.delete(captchas).where(lt(captchas.expiresAt, now));
  await db.insert(captchas).values({ id: captchaId, answerHash: captchaAnswerHash(captchaId, answer), expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS) });
  return q ? { captchaId, question: q.question } : { captchaId, image: captchaDataUrl(answer) };
}

/**
 * True when `given` answers the captcha. The row is deleted on the first check, right or wrong, so a
 * captcha can never be guessed at more than once.
 */
export async function checkCaptcha(db: Db, captchaId: unknown, given: unknown, now = new Date()): Promise<boolean> {
  if (typeof captchaId !== 'string' || !ID_SHAPE.test(captchaId) || typeof given !== 'string') return false;
  const [row] = await db.delete(captchas).where(eq(captchas.id, captchaId)).returning();
  if (!row || row.expiresAt.getTime() <= now.getTime()) return false;
  // Both are SHA-256 digests, so the lengths always match.
  // A question's answer may be typed in words ('eleven'); a picture's four characters never are number words.
  return timingSafeEqual(Buffer.from(row.answerHash, 'hex'), Buffer.from(captchaAnswerHash(captchaId, normalizeAnswer(given)), 'hex'));
}
