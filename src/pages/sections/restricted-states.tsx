import type { SiteInfo } from '../page';
import { stateName } from '../../services/identity/us-states';

/** Where the site does not operate (RESTRICTED_STATES); nothing when the list is empty. */
export function RestrictedStates({ site }: { site: SiteInfo }) {
  const list = site.restrictedStates ?? [];
  if (!list.length) return null;
  return (
    <section className="page-section prose" id="restricted-states" aria-labelledby="restricted-states-title">
      <h2 id="restricted-states-title">Restricted states</h2>
      <p>
        Players who live in these states cannot register, deposit or withdraw: {list.map((s) => `${stateName(s)} (${s})`).join(', ')}. We check the state of
        your verified address.
      </p>
    </section>
  );
}
