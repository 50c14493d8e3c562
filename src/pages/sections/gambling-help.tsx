import { m } from '../../i18n/paraglide/messages.js';
import { Rich } from '../../i18n/rich';
import { ExternalLink } from './external-link';

/** Real, public help organisations, on /support (the responsible-gaming page lists them too). */
export function GamblingHelp() {
  return (
    <section className="page-section" id="gambling-help" aria-labelledby="gambling-help-title">
      <h2 id="gambling-help-title">{m.visitor_help_title()}</h2>
      <p>
        <Rich text={m.visitor_help_lead()} links={[(w) => <a href="/profile-setting#responsible-gaming">{w}</a>]} />
      </p>
      <ul>
        <li>
          <strong>{m.visitor_help_ncpg()}</strong> {m.visitor_help_ncpg_call()} <a href="tel:18004262537">1-800-GAMBLER</a>,{' '}
          {m.visitor_help_ncpg_rest()} <ExternalLink href="https://www.ncpgambling.org">ncpgambling.org</ExternalLink>.
        </li>
        <li>
          <strong>Gamblers Anonymous:</strong> <ExternalLink href="https://www.gamblersanonymous.org">gamblersanonymous.org</ExternalLink>, {m.visitor_help_ga()}
        </li>
        <li>
          <strong>GamCare:</strong> <ExternalLink href="https://www.gamcare.org.uk">gamcare.org.uk</ExternalLink>, {m.visitor_help_gamcare()}
        </li>
        <li>
          <strong>Gam-Anon:</strong> <ExternalLink href="https://www.gam-anon.org">gam-anon.org</ExternalLink>, {m.visitor_help_gamanon()}
        </li>
      </ul>
    </section>
  );
}
