import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users } from '../../../db/schema';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../mail/mail.port';
import type { SharedStore } from '../store/store.port';
import type { MailSite } from '../mail/templates';
import type { TokenSigner } from './tokens';
import type { Hub } from '../../ws/hub.port';

/** What the account services need, as plain values (never the request). */
export type AccountsContext = {
  db: Db;
  /** Shared with every instance: captchas live here. */
  store: SharedStore;
  signer: TokenSigner;
  mailer: Mailer;
  logger: Logger;
  site: MailSite;
  /** Links in mail start here (PUBLIC_URL without a trailing slash). */
  publicUrl: string;
  /** Told after sessions are revoked, so every instance closes their sockets. */
  hub?: Pick<Hub, 'endSessions'>;
  /** Told after a security notice was queued (the mail queue's worker also looks every second). */
  wakeMail?: () => void;
};

/** E-mail addresses are stored and compared trimmed and lower-cased. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Db, email: string) {
  const [u] = await db.select().from(users).where(eq(sql`lower(${users.email})`, normalizeEmail(email))).limit(1);
  return u ?? null;
}

export async function findUserById(db: Db, id: string) {
  const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return u ?? null;
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

/** SQLite names the violated unique index in its message; that is how a race on an e-mail is told apart. */
export const isUniqueViolation = (e: unknown, name: string) => {
  const text = e instanceof Error ? `${e.message} ${(e.cause as Error | undefined)?.message ?? ''}` : '';
  return text.includes('UNIQUE constraint failed') && text.includes(name);
};
