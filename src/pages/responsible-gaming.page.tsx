import { definePage, type SiteInfo } from './page';
import { ExternalLink } from './sections/external-link';
import { LegalDoc, type DocSection } from './sections/legal-doc';
import { m } from '../i18n/paraglide/messages.js';
import { Rich } from '../i18n/rich';

// Limits and self-exclusion are applied by the support team on request, so every path leads to the support address.
// Every sentence is in the message catalogues (src/i18n/messages/legal), said in the page's language.
const sections = ({ siteName, supportEmail }: SiteInfo): DocSection[] => [
  {
    id: 'commitment',
    title: m.legal_rg_commitment_title(),
    body: (
      <>
        <p>{m.legal_rg_commitment_1({ site: siteName })}</p>
      </>
    ),
  },
  {
    id: 'tips',
    title: m.legal_rg_tips_title(),
    body: (
      <>
        <ul>
        <li>{m.legal_rg_tips_1()}</li>
        <li>{m.legal_rg_tips_2()}</li>
        <li>{m.legal_rg_tips_3()}</li>
        <li>{m.legal_rg_tips_4()}</li>
        <li>{m.legal_rg_tips_5()}</li>
        <li>{m.legal_rg_tips_6()}</li>
        </ul>
      </>
    ),
  },
  {
    id: 'limits',
    title: m.legal_rg_limits_title(),
    body: (
      <>
        <p><Rich text={m.legal_rg_limits_1({ email: supportEmail })} links={[(w) => <a href={`mailto:${supportEmail}`}>{w}</a>]} /></p>
        <ul>
        <li><Rich text={m.legal_rg_limits_2()} /></li>
        <li><Rich text={m.legal_rg_limits_3()} /></li>
        </ul>
        <p>{m.legal_rg_limits_4()}</p>
      </>
    ),
  },
  {
    id: 'self-exclusion',
    title: m.legal_rg_self_exclusion_title(),
    body: (
      <>
        <p>{m.legal_rg_self_exclusion_1()}</p>
        <ul>
        <li>{m.legal_rg_self_exclusion_2()}</li>
        <li>{m.legal_rg_self_exclusion_3()}</li>
        <li>{m.legal_rg_self_exclusion_4()}</li>
        </ul>
        <p>{m.legal_rg_self_exclusion_5()}</p>
      </>
    ),
  },
  {
    id: 'signs',
    title: m.legal_rg_signs_title(),
    body: (
      <>
        <p>{m.legal_rg_signs_1()}</p>
        <ul>
        <li>{m.legal_rg_signs_2()}</li>
        <li>{m.legal_rg_signs_3()}</li>
        <li>{m.legal_rg_signs_4()}</li>
        <li>{m.legal_rg_signs_5()}</li>
        <li>{m.legal_rg_signs_6()}</li>
        </ul>
        <p>{m.legal_rg_signs_7()}</p>
      </>
    ),
  },
  {
    id: 'help',
    title: m.legal_rg_help_title(),
    body: (
      <>
        <ul>
        <li><Rich text={m.legal_rg_help_1()} links={[(w) => <a href="tel:18004262537">{w}</a>]} /></li>
        <li><Rich text={m.legal_rg_help_2()} links={[(w) => <ExternalLink href="https://www.ncpgambling.org">{w}</ExternalLink>]} /></li>
        <li><Rich text={m.legal_rg_help_3()} links={[(w) => <ExternalLink href="https://www.gamblersanonymous.org">{w}</ExternalLink>]} /></li>
        <li><Rich text={m.legal_rg_help_4()} links={[(w) => <ExternalLink href="https://www.gam-anon.org">{w}</ExternalLink>]} /></li>
        <li><Rich text={m.legal_rg_help_5()} links={[(w) => <a href="tel:988">{w}</a>]} /></li>
        </ul>
      </>
    ),
  },
  {
    id: 'minors',
    title: m.legal_rg_minors_title(),
    body: (
      <>
        <p><Rich text={m.legal_rg_minors_1({ email: supportEmail, site: siteName })} links={[(w) => <a href={`mailto:${supportEmail}`}>{w}</a>]} /></p>
      </>
    ),
  },
];

export default definePage({
  title: m.legal_rg_page_title,
  description: m.legal_rg_description,
  access: 'open',
  static: true,
  render: ({ site }) => (
    <LegalDoc
      title={m.legal_rg_page_title()}
      meta={[[m.legal_meta_age(), '21+'], [m.legal_meta_help(), '1-800-GAMBLER']]}
      lead={m.legal_rg_lead()}
      intro={
        <div className="helpline">
          <p>
            <Rich text={m.legal_rg_helpline()} />
          </p>
          <a className="btn btn-primary" href="tel:18004262537">{m.legal_rg_call()}</a>
        </div>
      }
      sections={sections(site)}
    />
  ),
});
