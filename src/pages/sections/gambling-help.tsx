import { ExternalLink } from './external-link';

/** Real, public help organisations, on /support (the responsible-gaming page lists them too). */
export function GamblingHelp() {
  return (
    <section className="page-section" id="gambling-help" aria-labelledby="gambling-help-title">
      <h2 id="gambling-help-title">Help with gambling</h2>
      <p>
        If gaming stops being fun, you can set deposit limits, take a break or self-exclude under{' '}
        <a href="/profile-setting#responsible-gaming">Profile Settings</a>, and talk to someone:
      </p>
      <ul>
        <li>
          <strong>National Problem Gambling Helpline (NCPG):</strong> call or text <a href="tel:18004262537">1-800-GAMBLER</a>, free,
          confidential, 24 hours a day; <ExternalLink href="https://www.ncpgambling.org">ncpgambling.org</ExternalLink>.
        </li>
        <li>
          <strong>Gamblers Anonymous:</strong> <ExternalLink href="https://www.gamblersanonymous.org">gamblersanonymous.org</ExternalLink>, meetings in person and online.
        </li>
        <li>
          <strong>GamCare:</strong> <ExternalLink href="https://www.gamcare.org.uk">gamcare.org.uk</ExternalLink>, support and a live chat.
        </li>
        <li>
          <strong>Gam-Anon:</strong> <ExternalLink href="https://www.gam-anon.org">gam-anon.org</ExternalLink>, for family and friends.
        </li>
      </ul>
    </section>
  );
}
