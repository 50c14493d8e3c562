import { m } from '../../i18n/paraglide/messages.js';
import type { ReactNode } from 'react';

/**
 * The landing page's call to register (spec §2). `children` is the slot for the register form island;
 * without it the panel offers the two buttons only.
 */
export function RegisterPanel({ siteName, withdrawalTime, children }: { siteName: string; withdrawalTime: string; children?: ReactNode }) {
  return (
    <section className="page-section" id="register" aria-labelledby="register-title">
      <div className="card register-panel">
        <div>
          <h2 id="register-title">{m.visitor_register_title({ site: siteName })}</h2>
          <p className="muted">{m.visitor_register_lead()}</p>
          <ul className="checklist">
            <li>{m.visitor_register_point_deposit()}</li>
            <li>{m.visitor_register_point_move()}</li>
            <li>{m.visitor_register_point_cashout()} {withdrawalTime}</li>
          </ul>
        </div>
        <div className="register-actions">
          <a className="btn btn-primary btn-block" href="/register">{m.visitor_register_create()}</a>
          <a className="btn btn-ghost btn-block" href="/login">{m.visitor_register_login()}</a>
          <p className="muted">
            <small>{m.visitor_register_age()}</small>
          </p>
        </div>
        <div className="register-slot">{children}</div>
      </div>
    </section>
  );
}
