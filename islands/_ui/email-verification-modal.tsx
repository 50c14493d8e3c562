import { useState } from 'react';
import { api } from '../_client/api';
import { Modal } from './modal';

export type VerificationVariant = 'sent' | 'unverified';

/**
 * The two variants of spec §2: 'Check Your Email!' after a mail went out, 'Email Not Verified' when a login was
 * refused for it. A resend answered with 200 switches to the sent variant (spec §4).
 */
export function EmailVerificationModal({ email, variant: initial, onClose, mailbox }: { email: string; variant: VerificationVariant; onClose: () => void;
  /** Outside production, where the site's mail can be read (the dev mailbox), so a first run needs no mail server. */
  mailbox?: string }) {
  const [variant, setVariant] = useState(initial);
  const [busy, setBusy] = useState(false);

  async function resend() {
    setBusy(true);
    try {
      const r = await api('/resend-verification-email', { method: 'POST', body: { email }, anonymous: true });
      if (r.status === 200) setVariant('sent');
    } catch {
      // The shared client has already told the player the network failed.
    } finally {
      setBusy(false);
    }
  }

  if (variant === 'sent')
    return (
      <Modal key="sent" title="Check Your Email!" onClose={onClose} icon={<MailIcon />}>
        <p>
          We sent a verification link to <strong className="break">{email}</strong>. Open it to verify your account, then log in.
        </p>
        <p className="muted">No message? Look in your spam folder; the link stays valid for 24 hours.</p>
        {mailbox && (
          <p className="muted">
            This site is not in production: its mail is kept in the <a href={mailbox}>development mailbox</a>.
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="btn btn-primary" onClick={onClose}>
            Got it
          </button>
        </div>
      </Modal>
    );
  return (
    <Modal key="unverified" title="Email Not Verified" onClose={onClose} icon={<MailIcon />}>
      <p>
        Please verify <strong className="break">{email}</strong> before logging in. Use the link we emailed you, or ask for a new one.
      </p>
      <div className="modal-actions">
        <button type="button" className="btn btn-primary" onClick={resend} disabled={busy} aria-busy={busy || undefined}>
          {busy && <span className="spinner spinner-inline" aria-hidden="true" />}
          {busy ? 'Sending...' : 'Resend Email'}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Got it
        </button>
      </div>
    </Modal>
  );
}

function MailIcon() {
  return (
    <svg className="modal-icon" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="3" strokeLinejoin="round">
      <rect x="6" y="11" width="36" height="26" rx="4" />
      <path d="M7 13l17 13 17-13" />
    </svg>
  );
}
