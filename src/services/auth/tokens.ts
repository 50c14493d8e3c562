import { jwt } from '@elysiajs/jwt';
import { Elysia } from 'elysia';

export type SessionClaims = { sid: string };
export type TokenSigner = { sign(claims: SessionClaims, expiresAt: Date): Promise<string>; verify(token: string): Promise<SessionClaims | null> };

/** HS256 JWTs that only name a server-side session; the session row decides whether it is still good. */
export function createTokenSigner(secret: string): TokenSigner {
  const j = new Elysia().use(jwt({ name: 'jwt', secret, alg: 'HS256' })).decorator.jwt;
  return {
    sign: (claims, expiresAt) => j.sign({ sid: claims.sid, exp: Math.floor(expiresAt.getTime() / 1000) }),
    async verify(token) {
      const payload = (await j.verify(token).catch(() => false)) as false | Record<string, unknown>;
      if (!payload || typeof payload.sid !== 'string') return null;
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
