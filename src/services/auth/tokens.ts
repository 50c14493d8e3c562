import { jwt } from '@elysiajs/jwt';
import { Elysia } from 'elysia';

export type SessionClaims = { sid: string };
export type TokenSigner = {
  sign(claims: SessionClaims, expiresAt: Date): Promise<string>;
  verify(token: string): Promise<SessionClaims | null>;
  /** A token verified before, answered without a promise: its claims, null once expired, undefined if never seen. */
  known(token: string): SessionClaims | null | undefined;
};

const VERIFIED_CACHE_MAX = 10_000;

/**
 * HS256 JWTs that only name a server-side session; the session row decides whether it is still good.
 * Tokens already verified are remembered until their own expiry, so a request costs no HMAC; revocation is
 * unaffected because the session row is read on every request.
 */
export function createTokenSigner(secret: string): TokenSigner {
  const j = new Elysia().use(jwt({ name: 'jwt', secret, alg: 'HS256' })).decorator.jwt;
  const verified = new Map<string, { sid: string; expMs: number }>();
  function known(token: string): SessionClaims | null | undefined {
    const hit = verified.get(token);
    if (!hit) return undefined;
    if (hit.expMs > Date.now()) return { sid: hit.sid };
    verified.delete(token);
    return null;
  }
  return {
    sign: (claims, expiresAt) => j.sign({ sid: claims.sid, exp: Math.floor(expiresAt.getTime() / 1000) }),
    known,
    async verify(token) {
      const seen = known(token);
      if (seen !== undefined) return seen;
      const payload = (await j.verify(token).catch(() => false)) as false | Record<string, unknown>;
      if (!payload || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
      // Oldest first out: a Map keeps insertion order.
      if (verified.size >= VERIFIED_CACHE_MAX) verified.delete(verified.keys().next().value!);
      verified.set(token, { sid: payload.sid, expMs: payload.exp * 1000 });
      return { sid: payload.sid };
    },
  };
}

/** The session token from `Authorization: Bearer …` or the httpOnly `token` cookie. */
export function tokenFrom(req: Request): { token: string; via: 'bearer' | 'cookie' } | null {
  const auth = req.headers.get('authorization');
  if (auth?.startsWith('Bearer ')) return { token: auth.slice(7).trim(), via: 'bearer' };
  const m = /(?:^|;\s*)token=([^;]+)/.exec(req.headers.get('cookie') ?? '');
  return m ? { token: decodeURIComponent(m[1]!), via: 'cookie' } : null;
}
