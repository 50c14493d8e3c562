import { FlashHere } from '../flash-here';
import { Island } from '../island';
import type { PageAction, PageContext } from '../page';
import { answerToResult } from '../form-post';
import { m } from '../../i18n/paraglide/messages.js';

/** The profile page's "Privacy" card: whether the player's cash-outs may appear, without a name, in the ticker. */
export function PrivacySection({ ctx, tickerOptIn }: { ctx: PageContext; tickerOptIn: boolean }) {
  const mine = ctx.form?.action === 'privacy' ? ctx.form : null;
  return (
    <section id="privacy" className="card" aria-labelledby="privacy-title">
      <h2 id="privacy-title">{m.profile_privacy_title()}</h2>
      <FlashHere flash={ctx.flash} at="privacy" />
      <Island name="TickerPrivacyForm" props={{ on: tickerOptIn, formToken: ctx.formToken, message: mine?.message ?? null }} />
    </section>
  );
}

/** The plain post of the card: the same API call the island makes. An unticked box is not sent, so it means off. */
export const privacyActions: Record<string, PageAction> = {
  async privacy(ctx) {
    const a = await ctx.send('PUT', '/user/privacy', { tickerOptIn: !!ctx.fields.tickerOptIn });
    return answerToResult(a, { action: 'privacy', values: {} }, (json) => ({
      redirect: '/profile-setting#privacy', flash: { kind: 'success', message: String(json.message), at: 'privacy' },
    }));
  },
};
