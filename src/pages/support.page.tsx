import { RestrictedStates } from './sections/restricted-states';
import type { ReactNode } from 'react';
import { definePage, withdrawalTimeIn, type SiteInfo } from './page';
import { ExternalLink } from './sections/external-link';
import { ChatIcon, HelpIcon, MailIcon } from './sections/icons';
import { HowToDeposit } from './sections/how-to-deposit';
import { GamblingHelp } from './sections/gambling-help';
import { m } from '../i18n/paraglide/messages.js';
import { Rich } from '../i18n/rich';

const faq = (site: SiteInfo): { q: string; a: ReactNode }[] => [
  {
    q: m.visitor_faq_deposit_q(),
    a: <p><Rich text={m.visitor_faq_deposit_a()} links={[(w) => <a href="#how-to-deposit">{w}</a>]} /></p>,
  },
  { q: m.visitor_faq_load_q(), a: <p>{m.visitor_faq_load_a()}</p> },
  { q: m.visitor_faq_withdraw_q(), a: <p>{withdrawalTimeIn(site)} {m.visitor_faq_withdraw_a()}</p> },
  { q: m.visitor_faq_verify_q(), a: <p>{m.visitor_faq_verify_a({ email: site.supportEmail })}</p> },
  {
    q: m.visitor_faq_password_q(),
    a: <p><Rich text={m.visitor_faq_password_a()} links={[(w) => <a href="/forgot-password">{w}</a>]} /></p>,
  },
  { q: m.visitor_faq_freeplay_q(), a: <p>{m.visitor_faq_freeplay_a()}</p> },
  {
    q: m.visitor_faq_who_q(),
    a: <p><Rich text={m.visitor_faq_who_a()} links={[(w) => <a href="/terms-condition">{w}</a>]} /></p>,
  },
  { q: m.visitor_faq_safe_q({ site: site.siteName }), a: <p>{m.visitor_faq_safe_a()}</p> },
];

export default definePage({
  title: m.visitor_support_title,
  description: m.visitor_support_description,
  access: 'open',
  static: true,
  render: ({ site }) => (
    <>
      <section className="page-section" aria-labelledby="support-title">
        <h1 className="page-title" id="support-title">{m.visitor_support_title()}</h1>
        <p className="page-lead">{m.visitor_support_lead()}</p>
        <ul className="contact-grid">
          <li>
            <div className="card">
              <span className="service-icon"><MailIcon /></span>
              <h2 className="card-title">{m.visitor_support_mail()}</h2>
              <p>{m.visitor_support_mail_text()}</p>
              <a className="btn btn-primary" href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>
            </div>
          </li>
          {site.communityUrl && (
            <li>
              <div className="card">
                <span className="service-icon"><ChatIcon /></span>
                <h2 className="card-title">{m.visitor_support_chat()}</h2>
                <p>{m.visitor_support_chat_text()}</p>
                <ExternalLink className="btn btn-ghost" href={site.communityUrl}>{m.visitor_support_chat_join()}</ExternalLink>
              </div>
            </li>
          )}
          <li>
            <div className="card">
              <span className="service-icon"><HelpIcon /></span>
              <h2 className="card-title">{m.visitor_support_self()}</h2>
              <p>{m.visitor_support_self_text()}</p>
              <a className="btn btn-ghost" href="/responsible-gaming">{m.visitor_play_link()}</a>
            </div>
          </li>
        </ul>
        <div className="prose">
          <h2>{m.visitor_support_faster()}</h2>
          <ul>
            <li><Rich text={m.visitor_support_faster_id()} /></li>
            <li><Rich text={m.visitor_support_faster_tx()} /></li>
            <li><Rich text={m.visitor_support_faster_password()} /></li>
          </ul>
        </div>
      </section>
      <RestrictedStates site={site} />
      <HowToDeposit supportEmail={site.supportEmail} />
      <GamblingHelp />
      <section className="page-section" id="faq" aria-labelledby="faq-title">
        <h2 id="faq-title">{m.visitor_faq_title()}</h2>
        <div className="faq">
          {faq(site).map((f) => (
            <details key={f.q}>
              <summary>{f.q}</summary>
              <div>{f.a}</div>
            </details>
          ))}
        </div>
      </section>
    </>
  ),
});
