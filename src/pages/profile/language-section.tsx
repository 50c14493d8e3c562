// Profile Settings' language choice: a small plain form (no island), saved on the account through the API, so the
// player's pages, API messages and e-mails follow it on every device.
import { PageFormToken } from '../form-token-field';
import type { ActionContext, ActionResult, PageContext } from '../page';
import { currentLang } from '../../i18n/request-lang';
import { isLang } from '../../i18n/lang';
import { m } from '../../i18n/paraglide/messages.js';

export function LanguageSection({ ctx }: { ctx: PageContext }) {
  const lang = ctx.viewer?.language ?? currentLang();
  const error = ctx.form?.action === 'language' ? ctx.form.errors.language ?? ctx.form.message : undefined;
  const options = [
    { code: 'en', name: m.common_language_en() },
    { code: 'es', name: m.common_language_es() },
  ] as const;
  return (
    <section className="card" id="language" aria-labelledby="language-title">
      <h2 id="language-title">{m.profile_language_title()}</h2>
      <form className="form" method="post" action="/profile-setting#language">
        <PageFormToken />
        <input type="hidden" name="_action" value="language" />
        <fieldset className="field">
          <legend>{m.profile_language_lead()}</legend>
          {options.map((o) => (
            <label className="checkbox" key={o.code} lang={o.code}>
              <input type="radio" name="language" value={o.code} defaultChecked={lang === o.code} />
              <span>{o.name}</span>
            </label>
          ))}
        </fieldset>
        {error && <p className="field-error" role="alert">{error}</p>}
        <button type="submit" className="btn btn-primary">{m.profile_language_save()}</button>
      </form>
    </section>
  );
}

/** The form's post: the API saves it (and sets the `lang` cookie), and the page comes back in that language. */
export const languageActions = {
  async language(ctx: ActionContext): Promise<ActionResult> {
    const language = ctx.fields.language;
    const a = await ctx.send('PATCH', '/user/language', { language });
    if (a.status === 200 && isLang(language))
      return { redirect: '/profile-setting#language', cookies: a.cookies, flash: { kind: 'success', message: m.profile_language_saved({}, { locale: language }) } };
    const message = String(a.json?.message ?? m.profile_language_failed());
    return { status: a.status >= 400 ? a.status : 400, form: { action: 'language', values: {}, errors: { language: message }, message } };
  },
};
