import { m } from '../../src/i18n/paraglide/messages.js';
import { Rich } from '../../src/i18n/rich';
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
      <Modal key="sent" title={m.auth_check_email()} onClose={onClose} icon={<MailIcon />}>
        <p>
          <Rich text={m.auth_check_email_text({ email })} />
        </p>
        <p className="muted">{m.auth_check_spam()}</p>
        {mailbox && (
          <p className="muted">
            <Rich text={m.auth_dev_mailbox()} links={[(w) => <a href={mailbox}>{w}</a>]} />
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="btn btn-primary" onClick={onClose}>
            {m.auth_got_it()}
          </button>
        </div>
      </Modal>
    );
  return (
    <Modal key="unverified" title={m.auth_unverified_title()} onClose={onClose} icon={<MailIcon />}>
      <p>
        <Rich text={m.auth_unverified_text({ email })} />
      </p>
      <div className="modal-actions">
        <button type="button" className="btn btn-primary" onClick={resend} disabled={busy} aria-busy={busy || undefined}>
          {busy && <span className="spinner spinner-inline" aria-hidden="true" />}
          {busy ? m.auth_sending() : m.auth_resend_email()}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {m.auth_got_it()}
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
