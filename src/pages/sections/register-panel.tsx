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
          <h2 id="register-title">Join {siteName} in a minute</h2>
          <p className="muted">One free account holds your wallet and your Ultra Panda and VBlink game accounts.</p>
          <ul className="checklist">
            <li>Deposit with Bitcoin over Lightning or on-chain</li>
            <li>Move credits to a game and back whenever you like</li>
            <li>Cash out to your own Bitcoin wallet. {withdrawalTime}</li>
          </ul>
        </div>
        <div className="register-actions">
          <a className="btn btn-primary btn-block" href="/register">Create Your Account</a>
          <a className="btn btn-ghost btn-block" href="/login">Login</a>
          <p className="muted">
            <small>Players must be 21 or older.</small>
          </p>
        </div>
        <div className="register-slot">{children}</div>
      </div>
    </section>
  );
}
