import { AuthCard } from './auth-card';
import { answerToResult } from './form-post';
import { PageFormToken } from './form-token-field';
import { definePage, type PageContext } from './page';
import { m } from '../i18n/paraglide/messages.js';

/** What a spent undo link says on load. */
export const SPENT_UNDO_LINK: Record<string, () => string> = {
  used: m.pages_undo_used,
  expired: m.pages_undo_expired,
  unknown: m.pages_undo_unknown,
};

type UndoData = { status: string };

// The link in the mail to the old address after an e-mail change. Opening it changes nothing (mail scanners open
// links); the button posts, with or without script. Open to anyone: the owner may be signed out, or signed in.
export default definePage({
  title: m.pages_undo_title,
  access: 'open',
  actions: {
    async default(ctx) {
      const a = await ctx.send('POST', '/email-change/undo', { token: ctx.params.token ?? '' });
      // Every session has just ended, this one included: the way on is a new password.
      return answerToResult(a, { action: 'default', values: {} }, (json) => ({ redirect: '/forgot-password', flash: { kind: 'success', message: String(json.message) } }));
    },
  },
  load: async (ctx): Promise<UndoData> => {
    const r = await ctx.api?.(`/email-change/undo/status?token=${encodeURIComponent(ctx.params.token ?? '')}`);
    return { status: typeof r?.status === 'string' ? r.status : 'live' };
  },
  render: (ctx: PageContext) => {
    const spent = SPENT_UNDO_LINK[(ctx.data as UndoData | undefined)?.status ?? 'live'];
    if (spent && !ctx.form)
      return (
        <AuthCard title={m.pages_undo_title()}>
          <p className="alert alert-error" role="alert">{spent()} {m.pages_undo_contact({ email: ctx.site.supportEmail })}</p>
        </AuthCard>
      );
    return (
      <AuthCard title={m.pages_undo_title()} lead={m.pages_undo_lead()}>
        {ctx.form?.message && <p className="alert alert-error" role="alert">{ctx.form.message}</p>}
        {ctx.form?.errors.token && <p className="alert alert-error" role="alert">{ctx.form.errors.token}</p>}
        <form className="form" method="post">
          <PageFormToken />
          <button className="btn btn-primary btn-block" type="submit">{m.pages_undo_button()}</button>
        </form>
      </AuthCard>
    );
  },
});
