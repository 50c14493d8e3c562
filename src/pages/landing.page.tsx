import { Island } from './island';
import { devMailboxProp } from './account-actions';
import { definePage, withdrawalTimeIn } from './page';
import { m } from '../i18n/paraglide/messages.js';
import { Rich } from '../i18n/rich';
import { GamesGrid } from './sections/games-grid';
import { Hero } from './sections/hero';
import { HowItWorks } from './sections/how-it-works';
import { startHref } from './sections/login-toast';
import { RegisterPanel } from './sections/register-panel';
import { ServicesGrid } from './sections/services-grid';
import { usStatesIn } from '../services/identity/us-states';
import { currentLang } from '../i18n/request-lang';

export default definePage({
  title: '',
  description: m.visitor_landing_description,
  access: 'public-only',
  static: true,
  render: ({ site }) => (
    <>
      <Hero
        eyebrow="Ultra Panda · VBlink · Bitcoin"
        title={<Rich text={m.visitor_hero_title()} />}
        lead={m.visitor_hero_lead({ site: site.siteName })}
        actions={
          <>
            <a className="btn btn-primary" href={startHref('/register')}>{m.visitor_hero_start()}</a>
            <a className="btn btn-ghost" href="#games" data-scroll-offset="80">{m.visitor_hero_games()}</a>
          </>
        }
        facts={[m.visitor_hero_fact_deposits(), m.visitor_hero_fact_cashout(), m.visitor_hero_fact_age()]}
        image={{ src: '/images/hero.svg', alt: '', width: 480, height: 400 }}
      />
      <RegisterPanel siteName={site.siteName} withdrawalTime={withdrawalTimeIn(site)}>
        <Island name="RegisterForm" load="interaction" props={{ idPrefix: 'landing', ...devMailboxProp(site), states: site.restrictedStates?.length ? usStatesIn(currentLang()) : null }} />
      </RegisterPanel>
      <GamesGrid site={site} />
      <HowItWorks siteName={site.siteName} />
      <ServicesGrid signedIn={false} withdrawalTime={withdrawalTimeIn(site)} />
      <section className="page-section" aria-label={m.visitor_play_label()}>
        <div className="banner">
          <p>
            <Rich text={m.visitor_play_text()} />
          </p>
          <a className="btn btn-ghost" href="/responsible-gaming">{m.visitor_play_link()}</a>
        </div>
      </section>
    </>
  ),
});
