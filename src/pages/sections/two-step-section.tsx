import type { ReactNode } from 'react';
import { Island } from '../island';
import type { PageContext } from '../page';

export { twoStepActions } from '../two-step-actions';

/**
 * The profile page's "Two-step verification" card; its plain posts are in two-step-actions.ts. `notice`: what the
 * console's guard sent an operator here to do, shown at the top of the card the link scrolls to.
 */
export function TwoStepSection({ ctx, notice }: { ctx: PageContext; notice?: ReactNode }) {
  const mine = ctx.form?.action.startsWith('2fa-') ? ctx.form : null;
  return (
    <section id="two-step" className="card two-step-card" aria-labelledby="two-step-title">
      <h2 id="two-step-title">Two-step verification</h2>
      {notice}
      <Island name="TwoStepSettings" props={{ enabled: ctx.viewer!.twoStep === true, siteName: ctx.site.siteName, formToken: ctx.formToken, form: mine }} />
    </section>
  );
}
