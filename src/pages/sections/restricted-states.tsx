import { m } from '../../i18n/paraglide/messages.js';
import type { SiteInfo } from '../page';
import { stateName } from '../../services/identity/us-states';

/** Where the site does not operate (RESTRICTED_STATES); nothing when the list is empty. */
export function RestrictedStates({ site }: { site: SiteInfo }) {
  const list = site.restrictedStates ?? [];
  if (!list.length) return null;
  return (
    <section className="page-section prose" id="restricted-states" aria-labelledby="restricted-states-title">
      <h2 id="restricted-states-title">{m.visitor_restricted_title()}</h2>
      <p>{m.visitor_restricted_text({ states: list.map((s) => `${stateName(s)} (${s})`).join(', ') })}</p>
    </section>
  );
}
