import { definePage, type PageContext } from './page';
import { freeplayActions } from './wallet-actions';
import { m } from '../i18n/paraglide/messages.js';

/**
 * The freeplay code form as a page: the wallet menu's Freeplay item links here, and with script opens the modal
 * instead. Without script (or before it arrives) the code is redeemed by a plain post.
 */
export default definePage({
  title: m.pages_freeplay_title,
  access: 'private',
  actions: freeplayActions,
  render: (ctx: PageContext) => {
    const form = ctx.form;
    const error = form?.errors.code;
    return (
      <section className="page-section wallet-page freeplay-page" aria-labelledby="freeplay-title">
        <div className="card wallet-card">
          <h1 id="freeplay-title" className="card-title">{m.pages_freeplay_title()}</h1>
          <p className="card-subtitle">{m.pages_freeplay_lead()}</p>
          <form className="form freeplay-form" method="post" action="/freeplay" noValidate>
            {ctx.formToken && <input type="hidden" name="_token" value={ctx.formToken} />}
            {form?.message && <p className="alert alert-error" role="alert">{form.message}</p>}
            <div className="field">
              <label htmlFor="freeplay-page-code">{m.pages_freeplay_code()}</label>
              <input id="freeplay-page-code" name="code" autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={64}
                defaultValue={form?.values.code ?? ''} aria-invalid={error ? true : undefined} aria-describedby={error ? 'freeplay-page-code-error' : undefined} autoFocus={!!error} />
              {error && <p className="field-error" id="freeplay-page-code-error" role="alert">{error}</p>}
            </div>
            <div className="freeplay-actions">
              <button type="submit" className="btn btn-primary btn-block">{m.pages_freeplay_submit()}</button>
              {ctx.site.communityUrl && (
                <a className="btn btn-ghost btn-block" href={ctx.site.communityUrl} target="_blank" rel="noopener noreferrer">
                  {m.pages_freeplay_telegram()}<span className="sr-only"> {m.visitor_new_tab()}</span>
                </a>
              )}
            </div>
          </form>
        </div>
      </section>
    );
  },
});
