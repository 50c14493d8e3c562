/**
 * A long-lived, random id in its own httpOnly cookie, set at every sign-in: how a browser that signed in before is
 * told from a new device. It grants nothing; only its SHA-256 is kept (sessions.device_key).
 */
const NAME = 'device';
const MAX_AGE_S = 400 * 86_400; // browsers cap cookie lifetimes at 400 days

export function deviceIdFrom(req: Request): string | null {
  const m = /(?:^|;\s*)device=([A-Za-z0-9_-]{22,64})(?:;|$)/.exec(req.headers.get('cookie') ?? '');
  return m ? m[1]! : null;
}

export const newDeviceId = () => Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString('base64url');

export const deviceKeyOf = (id: string) => new Bun.CryptoHasher('sha256').update(`device:${id}`).digest('hex');

export function deviceCookie(id: string, secure: boolean): string {
  return [`${NAME}=${id}`, 'HttpOnly', 'SameSite=Lax', 'Path=/', `Max-Age=${MAX_AGE_S}`, ...(secure ? ['Secure'] : [])].join('; ');
}
