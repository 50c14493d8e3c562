import { m } from '../../i18n/paraglide/messages.js';
import type { ReactNode } from 'react';
import { DepositIcon, RedeemIcon, TransferIcon, WithdrawIcon } from './icons';
import { startHref } from './login-toast';

export type ServiceId = 'deposit' | 'withdraw' | 'redeem' | 'transfer';
type CardAttrs = Record<string, string>;

const SERVICES: { id: ServiceId; title: () => string; text: () => string; icon: ReactNode; href: string }[] = [
  { id: 'deposit', title: m.visitor_service_deposit, text: m.visitor_service_deposit_text, icon: <DepositIcon />, href: '/deposit-bitcoin' },
  { id: 'withdraw', title: m.visitor_service_withdraw, text: m.visitor_service_withdraw_text, icon: <WithdrawIcon />, href: '/home#withdraw' },
  { id: 'redeem', title: m.visitor_service_redeem, text: m.visitor_service_redeem_text, icon: <RedeemIcon />, href: '/home#redeem' },
  { id: 'transfer', title: m.visitor_service_transfer, text: m.visitor_service_transfer_text, icon: <TransferIcon />, href: '/home#transfer' },
];

/**
 * The Account Services grid (spec §2). A visitor's click goes to /register, which says 'Login or register to get
 * started!'; a signed-in player's cards go
 * to the dashboard's sections (80 px scroll offset). `attrs` lets a page add attributes per card, e.g. to
 * open the deposit modal.
 */
export function ServicesGrid({ signedIn, withdrawalTime, attrs = {} }: { signedIn: boolean; withdrawalTime: string; attrs?: Partial<Record<ServiceId, CardAttrs>> }) {
  return (
    <section className="page-section" id="services" aria-labelledby="services-title">
      <div className="section-head">
        <p className="eyebrow">{m.visitor_services_eyebrow()}</p>
        <h2 id="services-title">{m.visitor_services_title()}</h2>
        <p>{m.visitor_services_lead()}</p>
      </div>
      <ul className="service-grid">
        {SERVICES.map((s) => {
          // Deposit opens the deposit modal where its island runs, and reaches the deposit form where it does not.
          const own = s.id === 'deposit' ? { 'data-deposit-open': '' } : { 'data-scroll-offset': '80' };
          const extra = signedIn ? { ...own, ...attrs[s.id] } : { ...attrs[s.id] };
          return (
            <li key={s.id}>
              <a className="card service-card" href={signedIn ? s.href : startHref('/register')} {...extra}>
                <span className="service-icon">{s.icon}</span>
                <h3>{s.title()}</h3>
                <p>{s.id === 'withdraw' ? `${s.text()} ${withdrawalTime}` : s.text()}</p>
                <span className="more" aria-hidden="true">{signedIn ? m.visitor_service_go({ service: s.title() }) : m.visitor_service_start()} &rarr;</span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
