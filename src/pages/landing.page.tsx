import { Island } from './island';
import { devMailboxProp } from './account-actions';
import { definePage } from './page';
import { GamesGrid } from './sections/games-grid';
import { Hero } from './sections/hero';
import { HowItWorks } from './sections/how-it-works';
import { startHref } from './sections/login-toast';
import { RegisterPanel } from './sections/register-panel';
import { ServicesGrid } from './sections/services-grid';
import { US_STATES } from '../services/identity/us-states';

export default definePage({
  title: '',
  description: 'Deposit with Bitcoin, load Ultra Panda and VBlink credits in seconds and cash out to your own wallet. For players 21 and over.',
  access: 'public-only',
  static: true,
  render: ({ site }) => (
    <>
      <Hero
        eyebrow="Ultra Panda · VBlink · Bitcoin"
        title={<>One wallet for <em>Ultra Panda</em> and <em>VBlink</em></>}
        lead={`Deposit with Bitcoin, move credits to your games in seconds and cash out to your own wallet. ${site.siteName} keeps every credit in one place.`}
        actions={
          <>
            <a className="btn btn-primary" href={startHref('/register')}>Get Started</a>
            <a className="btn btn-ghost" href="#games" data-scroll-offset="80">See the games</a>
          </>
        }
        facts={['Lightning and on-chain deposits', 'Cash out to your own wallet', 'Players 21+ only']}
        image={{ src: '/images/hero.svg', alt: '', width: 480, height: 400 }}
      />
      <RegisterPanel siteName={site.siteName} withdrawalTime={site.withdrawalTime}>
        <Island name="RegisterForm" load="interaction" props={{ idPrefix: 'landing', ...devMailboxProp(site), states: site.restrictedStates?.length ? US_STATES : null }} />
      </RegisterPanel>
      <GamesGrid site={site} />
      <HowItWorks siteName={site.siteName} />
      <ServicesGrid signedIn={false} withdrawalTime={site.withdrawalTime} />
      <section className="page-section" aria-label="Play responsibly">
        <div className="banner">
          <p>
            <strong>Play responsibly.</strong> Set a budget before you play and never chase losses. Our responsible
            gaming page explains limits, self-exclusion and where to find help.
          </p>
          <a className="btn btn-ghost" href="/responsible-gaming">Responsible gaming</a>
        </div>
      </section>
    </>
  ),
});
