import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A one-time message carried to the next page after a form post that redirected. `at` names the section that shows
 * it (the one the redirect's fragment scrolls to), so the confirmation is where the player looks; without it the
 * message shows at the top of the page.
 */
export type Flash = { kind: 'success' | 'error' | 'info'; message: string; at?: string };

const NAME = 'flash';
const MAX_AGE_S = 60;
const b64 = (s: string) => Buffer.from(s).toString('base64url');

/**
 * Signed so nothing but this server can put words on our pages, and short-lived so a stale one never shows.
 * The cookie holds no secret and no money state: only the text shown once.
 */
export function createFlashCookies(key: string, secure: boolean) {
  const mac = (v: string) => createHmac('sha256', key).update(v).digest('base64url');
  const attrs = `Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  return {
    set(flash: Flash): string {
      const v = b64(JSON.stringify({ k: flash.kind, m: flash.message.slice(0, 500), ...(flash.at && { a: flash.at.slice(0, 64) }) }));
      return `${NAME}=${v}.${mac(v)}; Max-Age=${MAX_AGE_S}; ${attrs}`;
    },
    clear: (): string => `${NAME}=; Max-Age=0; ${attrs}`,
    read(req: Request): Flash | null {
      const m = /(?:^|;\s*)flash=([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)/.exec(req.headers.get('cookie') ?? '');
      if (!m) return null;
      const want = Buffer.from(mac(m[1]!));
      const got = Buffer.from(m[2]!);
      if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
      try {
        const o = JSON.parse(Buffer.from(m[1]!, 'base64url').toString()) as { k?: string; m?: string; a?: string };
        const kind = o.k === 'success' || o.k === 'error' || o.k === 'info' ? o.k : null;
        if (!kind || typeof o.m !== 'string') return null;
        return typeof o.a === 'string' && o.a ? { kind, message: o.m, at: o.a } : { kind, message: o.m };
      } catch {
        return null;
      }
    },
    present: (req: Request): boolean => /(?:^|;\s*)flash=/.test(req.headers.get('cookie') ?? ''),
  };
}
export type FlashCookies = ReturnType<typeof createFlashCookies>;
