import type { Client } from '@libsql/client';
import type { Lang } from '../../i18n/lang';

/** Saves the player's language for their pages, API messages and e-mails (Profile Settings). */
export async function saveLanguage(client: Client, userId: string, lang: Lang): Promise<void> {
  await client.execute({ sql: 'UPDATE users SET language = ? WHERE id = ?', args: [lang, userId] });
}
