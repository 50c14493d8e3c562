import { m } from '../../i18n/paraglide/messages.js';
import type { SiteInfo } from '../page';
import { stateNameIn } from '../../services/identity/us-states';
import { currentLang } from '../../i18n/request-lang';

/** Where the site does not operate (RESTRICTED_STATES); nothing when the list is empty. */
export function RestrictedStates({ site }: { site: SiteInfo }) {
  const list = site.restrictedStates ?? [];
  if (!list.length) return null;
  return (
    <section className="page-section prose" id="restricted-states" aria-labelledby="restricted-states-title">
      <h2 id="restricted-states-title">{m.visitor_restricted_title()}</h2>
      <p>{m.visitor_restricted_text({ states: list.map((s) => `${stateNameIn(s, currentLang())} (${s})`).join(', ') })}</p>
    </section>
  );
}
