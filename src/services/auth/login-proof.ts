import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** How long the second step of a sign-in may take after the password was right. */
export const LOGIN_PROOF_TTL_MS = 5 * 60_000;

export type LoginProof = { userId: string; remember: boolean };
export type LoginProofs = {
  /** A short-lived signed note that this player's password was just right, for the code step to carry. */
  issue(p: LoginProof & { passwordHash: string }): string;
  /** The proof when the token is ours, unexpired and the password has not changed since; null otherwise. */
  read(token: unknown, passwordHashOf: (userId: string) => Promise<string | null>): Promise<LoginProof | null>;
};

// The password hash is fingerprinted into the token, so a password change voids every half-finished sign-in.
const fingerprint = (passwordHash: string) => createHash('sha256').update(passwordHash).digest('base64url').slice(0, 22);

/**
 * The second step of a sign-in must not need the password again (a plain form would have to put it back into the
 * page), so the first step hands out this token instead: HMAC-signed, five minutes, useless without a valid code.
 */
export function createLoginProofs(key: string, now: () => number = Date.now): LoginProofs {
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  return {
    issue({ userId, remember, passwordHash }) {
      const body = Buffer.from(JSON.stringify({ u: userId, r: remember, e: now() + LOGIN_PROOF_TTL_MS, p: fingerprint(passwordHash) })).toString('base64url');
      return `${body}.${sign(body)}`;
    },
    async read(token, passwordHashOf) {
      if (typeof token !== 'string' || token.length > 1000) return null;
      const [body, mac] = token.split('.');
      if (!body || !mac) return null;
      const want = Buffer.from(sign(body));
      const got = Buffer.from(mac);
      if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
      let p: { u?: unknown; r?: unknown; e?: unknown; p?: unknown };
      try {
        p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      if (typeof p.u !== 'string' || typeof p.e !== 'number' || p.e <= now()) return null;
      const hash = await passwordHashOf(p.u);
      if (!hash || fingerprint(hash) !== p.p) return null;
      return { userId: p.u, remember: p.r === true };
    },
  };
}
