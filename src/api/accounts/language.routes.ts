import { Elysia } from 'elysia';
import type { Client } from '@libsql/client';
import type { Session } from '../../http/session';
import { langCookie } from '../../i18n/choose';
import { isLang } from '../../i18n/lang';
import { saveLanguage } from '../../services/auth/language';
import { m } from '../../i18n/paraglide/messages.js';
import { bodyOf, rejectInvalid } from './accounts.model';

/**
 * PATCH /user/language { language: 'en' | 'es' }: the signed-in player's language, saved on the account. A cookie
 * session also gets the `lang` cookie, which comes before the saved language, so this browser follows at once.
 * The answer is in the language just chosen.
 */
export function languageRoutes(client: Client, session: Session, secureCookies: boolean) {
  return new Elysia().use(session).patch('/user/language', async ({ body, player, set }) => {
    const b = bodyOf(body);
    if (!isLang(b.language)) rejectInvalid({ language: m.profile_language_invalid() });
    const lang = b.language as 'en' | 'es';
    await saveLanguage(client, player.userId, lang);
    if (player.via === 'cookie') set.headers['set-cookie'] = langCookie(lang, secureCookies);
    return { success: true, message: m.profile_language_saved({}, { locale: lang }), language: lang };
  }, { auth: true });
}
