import { definePage, type SiteInfo } from './page';
import { LegalDoc, type DocSection } from './sections/legal-doc';
import { m } from '../i18n/paraglide/messages.js';
import { Rich } from '../i18n/rich';

// Spec §1 dates the policy (8 May 2025); DESIGN §8 makes the age 21+ here too (the original text said 18+). Every
// sentence is in the message catalogues (src/i18n/messages/legal), said in the page's language.
const sections = ({ siteName, supportEmail }: SiteInfo): DocSection[] => [
  {
    id: 'who',
    title: m.legal_privacy_who_title(),
    body: (
      <>
        <p><Rich text={m.legal_privacy_who_1({ email: supportEmail, site: siteName })} links={[(w) => <a href={`mailto:${supportEmail}`}>{w}</a>]} /></p>
      </>
    ),
  },
  {
    id: 'collect',
    title: m.legal_privacy_collect_title(),
    body: (
      <>
        <h3>{m.legal_privacy_collect_1()}</h3>
        <ul>
        <li>{m.legal_privacy_collect_2()}</li>
        <li>{m.legal_privacy_collect_3()}</li>
        <li>{m.legal_privacy_collect_4()}</li>
        <li>{m.legal_privacy_collect_5()}</li>
        <li>{m.legal_privacy_collect_6()}</li>
        </ul>
        <h3>{m.legal_privacy_collect_7()}</h3>
        <ul>
        <li>{m.legal_privacy_collect_8()}</li>
        <li>{m.legal_privacy_collect_9()}</li>
        <li>{m.legal_privacy_collect_10()}</li>
        <li>{m.legal_privacy_collect_11()}</li>
        <li>{m.legal_privacy_collect_12()}</li>
        </ul>
      </>
    ),
  },
  {
    id: 'use',
    title: m.legal_privacy_use_title(),
    body: (
      <>
        <ul>
        <li>{m.legal_privacy_use_1()}</li>
        <li>{m.legal_privacy_use_2()}</li>
        <li>{m.legal_privacy_use_3()}</li>
        <li>{m.legal_privacy_use_4()}</li>
        <li>{m.legal_privacy_use_5()}</li>
        </ul>
      </>
    ),
  },
  {
    id: 'cookies',
    title: m.legal_privacy_cookies_title(),
    body: (
      <>
        <p>{m.legal_privacy_cookies_1()}</p>
        <p>{m.legal_privacy_cookies_2()}</p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: m.legal_privacy_sharing_title(),
    body: (
      <>
        <p>{m.legal_privacy_sharing_1()}</p>
        <ul>
        <li>{m.legal_privacy_sharing_2()}</li>
        <li>{m.legal_privacy_sharing_3()}</li>
        <li>{m.legal_privacy_sharing_4()}</li>
        <li>{m.legal_privacy_sharing_5()}</li>
        </ul>
        <p>{m.legal_privacy_sharing_6()}</p>
      </>
    ),
  },
  {
    id: 'retention',
    title: m.legal_privacy_retention_title(),
    body: (
      <>
        <p>{m.legal_privacy_retention_1()}</p>
      </>
    ),
  },
  {
    id: 'security',
    title: m.legal_privacy_security_title(),
    body: (
      <>
        <ul>
        <li>{m.legal_privacy_security_1()}</li>
        <li>{m.legal_privacy_security_2()}</li>
        <li>{m.legal_privacy_security_3()}</li>
        <li>{m.legal_privacy_security_4()}</li>
        </ul>
      </>
    ),
  },
  {
    id: 'rights',
    title: m.legal_privacy_rights_title(),
    body: (
      <>
        <ul>
        <li>{m.legal_privacy_rights_1()}</li>
        <li>{m.legal_privacy_rights_2({ email: supportEmail })}</li>
        <li>{m.legal_privacy_rights_3()}</li>
        </ul>
      </>
    ),
  },
  {
    id: 'age',
    title: m.legal_privacy_age_title(),
    body: (
      <>
        <p><Rich text={m.legal_privacy_age_1()} /></p>
      </>
    ),
  },
  {
    id: 'changes',
    title: m.legal_privacy_changes_title(),
    body: (
      <>
        <p>{m.legal_privacy_changes_1()}</p>
      </>
    ),
  },
  {
    id: 'contact',
    title: m.legal_privacy_contact_title(),
    body: (
      <>
        <p><Rich text={m.legal_privacy_contact_1({ email: supportEmail })} links={[(w) => <a href={`mailto:${supportEmail}`}>{w}</a>]} /></p>
      </>
    ),
  },
];

export default definePage({
  title: m.legal_privacy_page_title,
  description: m.legal_privacy_description,
  access: 'open',
  static: true,
  render: ({ site }) => (
    <LegalDoc
      title={m.legal_privacy_page_title()}
      meta={[[m.legal_meta_effective(), m.legal_privacy_effective()], [m.legal_meta_applies(), m.legal_privacy_applies()]]}
      lead={m.legal_privacy_lead({ site: site.siteName })}
      sections={sections(site)}
    />
  ),
});
