import { RestrictedStates } from './sections/restricted-states';
import { definePage, withdrawalTimeIn, type SiteInfo } from './page';
import { LegalDoc, type DocSection } from './sections/legal-doc';
import { m } from '../i18n/paraglide/messages.js';
import { Rich } from '../i18n/rich';

// Version and date of spec §1; the figures below are the business constants of spec §9.
export const TERMS_VERSION = 3;
export const TERMS_UPDATED = '8 May 2025';

// Every sentence is in the message catalogues (src/i18n/messages/legal), said in the page's language.
const sections = (site: SiteInfo): DocSection[] => {
  const { siteName, supportEmail } = site;
  return [
  {
    id: 'acceptance',
    title: m.legal_terms_acceptance_title(),
    body: (
      <>
        <p>{m.legal_terms_acceptance_1({ site: siteName, version: TERMS_VERSION })}</p>
        <p><Rich text={m.legal_terms_acceptance_2()} links={[(w) => <a href="/privacy-policy">{w}</a>]} /></p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: m.legal_terms_eligibility_title(),
    body: (
      <>
        <ul>
        <li><Rich text={m.legal_terms_eligibility_1()} /></li>
        <li>{m.legal_terms_eligibility_2()}</li>
        <li>{m.legal_terms_eligibility_3()}</li>
        <li>{m.legal_terms_eligibility_4()}</li>
        </ul>
      </>
    ),
  },
  {
    id: 'account',
    title: m.legal_terms_account_title(),
    body: (
      <>
        <ul>
        <li>{m.legal_terms_account_1()}</li>
        <li>{m.legal_terms_account_2()}</li>
        <li>{m.legal_terms_account_3()}</li>
        <li>{m.legal_terms_account_4()}</li>
        </ul>
      </>
    ),
  },
  {
    id: 'credits',
    title: m.legal_terms_credits_title(),
    body: (
      <>
        <p>{m.legal_terms_credits_1()}</p>
        <p className="callout"><Rich text={m.legal_terms_credits_2()} /></p>
      </>
    ),
  },
  {
    id: 'bonuses',
    title: m.legal_terms_bonuses_title(),
    body: (
      <>
        <p className="callout"><Rich text={m.legal_terms_bonuses_1()} /></p>
        <ul>
        <li>{m.legal_terms_bonuses_2()}</li>
        <li>{m.legal_terms_bonuses_3()}</li>
        <li>{m.legal_terms_bonuses_4()}</li>
        </ul>
      </>
    ),
  },
  {
    id: 'deposits',
    title: m.legal_terms_deposits_title(),
    body: (
      <>
        <ul>
        <li>{m.legal_terms_deposits_1()}</li>
        <li>{m.legal_terms_deposits_2()}</li>
        <li>{m.legal_terms_deposits_3()}</li>
        <li>{m.legal_terms_deposits_4()}</li>
        </ul>
      </>
    ),
  },
  {
    id: 'games',
    title: m.legal_terms_games_title(),
    body: (
      <>
        <p>{m.legal_terms_games_1()}</p>
        <ul>
        <li>{m.legal_terms_games_2()}</li>
        <li>{m.legal_terms_games_3()}</li>
        <li>{m.legal_terms_games_4()}</li>
        </ul>
      </>
    ),
  },
  {
    id: 'withdrawals',
    title: m.legal_terms_withdrawals_title(),
    body: (
      <>
        <ul>
        <li>{m.legal_terms_withdrawals_1()}</li>
        <li>{m.legal_terms_withdrawals_2()}</li>
        <li>{withdrawalTimeIn(site)}</li>
        <li>{m.legal_terms_withdrawals_3()}</li>
        </ul>
        <p className="callout"><Rich text={m.legal_terms_withdrawals_4()} /></p>
      </>
    ),
  },
  {
    id: 'p2p',
    title: m.legal_terms_p2p_title(),
    body: (
      <>
        <p>{m.legal_terms_p2p_1()}</p>
      </>
    ),
  },
  {
    id: 'taxes',
    title: m.legal_terms_taxes_title(),
    body: (
      <>
        <p><Rich text={m.legal_terms_taxes_1()} /></p>
      </>
    ),
  },
  {
    id: 'conduct',
    title: m.legal_terms_conduct_title(),
    body: (
      <>
        <p>{m.legal_terms_conduct_1()}</p>
        <ul>
        <li>{m.legal_terms_conduct_2()}</li>
        <li>{m.legal_terms_conduct_3()}</li>
        <li>{m.legal_terms_conduct_4()}</li>
        <li>{m.legal_terms_conduct_5()}</li>
        </ul>
        <p>{m.legal_terms_conduct_6()}</p>
      </>
    ),
  },
  {
    id: 'closure',
    title: m.legal_terms_closure_title(),
    body: (
      <>
        <p>{m.legal_terms_closure_1()}</p>
      </>
    ),
  },
  {
    id: 'responsible',
    title: m.legal_terms_responsible_title(),
    body: (
      <>
        <p><Rich text={m.legal_terms_responsible_1()} links={[(w) => <a href="/responsible-gaming">{w}</a>]} /></p>
      </>
    ),
  },
  {
    id: 'liability',
    title: m.legal_terms_liability_title(),
    body: (
      <>
        <p>{m.legal_terms_liability_1()}</p>
        <p className="callout"><Rich text={m.legal_terms_liability_2()} /></p>
        <p>{m.legal_terms_liability_3()}</p>
      </>
    ),
  },
  {
    id: 'changes',
    title: m.legal_terms_changes_title(),
    body: (
      <>
        <p>{m.legal_terms_changes_1()}</p>
      </>
    ),
  },
  {
    id: 'contact',
    title: m.legal_terms_contact_title(),
    body: (
      <>
        <p><Rich text={m.legal_terms_contact_1({ email: supportEmail })} links={[(w) => <a href={`mailto:${supportEmail}`}>{w}</a>, (w) => <a href="/support">{w}</a>]} /></p>
      </>
    ),
  },
  ];
};

export default definePage({
  title: m.legal_terms_page_title,
  description: m.legal_terms_description,
  access: 'open',
  static: true,
  render: ({ site }) => (
    <>
      <LegalDoc
        title={m.legal_terms_page_title()}
        meta={[[m.legal_meta_version(), String(TERMS_VERSION)], [m.legal_meta_updated(), m.legal_terms_updated()]]}
        lead={m.legal_terms_lead({ site: site.siteName })}
        sections={sections(site)}
      />
      <RestrictedStates site={site} />
    </>
  ),
});
