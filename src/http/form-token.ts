import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The per-session token every signed-in form carries in a hidden `_token` field. Derived from the session id
 * (nothing stored), so it changes with each sign-in and dies with the session; the pages a visitor sees carry
 * none, so they stay the same for everyone and cacheable.
 */
export function createFormTokens(key: string) {
  const make = (sessionId: string) => createHmac('sha256', key).update('form token\0' + sessionId).digest('base64url').slice(0, 32);
  return {
    for: make,
    check(sessionId: string, given: string | undefined): boolean {
      const want = Buffer.from(make(sessionId));
      const got = Buffer.from(given ?? '');
      return want.length === got.length && timingSafeEqual(want, got);
    },
  };
}
export type FormTokens = ReturnType<typeof createFormTokens>;
