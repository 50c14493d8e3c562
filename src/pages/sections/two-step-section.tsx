import type { ReactNode } from 'react';
import { Island } from '../island';
import type { PageContext } from '../page';
import { m } from '../../i18n/paraglide/messages.js';

export { twoStepActions } from '../two-step-actions';

/** An operator's mailed confirmation: whether turning on asks for it, and the one this session is waiting for. */
export type TwoStepMail = { confirmsByEmail: boolean; awaiting: { sentTo: string } | null };

/** From GET /user/2fa's data (absent for a player, or when it is on). */
export function twoStepMail(data: unknown): TwoStepMail {
  const d = (data ?? {}) as { confirmsByEmail?: unknown; awaitingEmail?: { sentTo?: unknown } | null };
  return { confirmsByEmail: d.confirmsByEmail === true, awaiting: typeof d.awaitingEmail?.sentTo === 'string' ? { sentTo: d.awaitingEmail.sentTo } : null };
}

/**
 * The profile page's "Two-step verification" card; its plain posts are in two-step-actions.ts. `notice`: what the
 * console's guard sent an operator here to do, shown at the top of the card the link scrolls to.
 */
export function TwoStepSection({ ctx, notice, mail }: { ctx: PageContext; notice?: ReactNode; mail?: TwoStepMail }) {
  const mine = ctx.form?.action.startsWith('2fa-') ? ctx.form : null;
  return (
    <section id="two-step" className="card two-step-card" aria-labelledby="two-step-title">
      <h2 id="two-step-title">{m.profile_two_step_title()}</h2>
      {notice}
      <Island name="TwoStepSettings" props={{ enabled: ctx.viewer!.twoStep === true, siteName: ctx.site.siteName, formToken: ctx.formToken, form: mine, confirmsByEmail: mail?.confirmsByEmail, awaiting: mail?.awaiting }} />
    </section>
  );
}
