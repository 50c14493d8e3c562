import { m } from '../../src/i18n/paraglide/messages.js';
import { Rich } from '../../src/i18n/rich';
import { Modal } from './modal';

/**
 * spec §2 'Check Your Email!' after registration. (Its 'Email Not Verified' variant is gone: sign-in answers an
 * unverified account as a wrong password and mails its owner a fresh link, so the login form never opens it.)
 */
export function EmailVerificationModal({ email, onClose, mailbox }: { email: string; onClose: () => void;
  /** Outside production, where the site's mail can be read (the dev mailbox), so a first run needs no mail server. */
  mailbox?: string }) {
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
}

function MailIcon() {
  return (
    <svg className="modal-icon" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="3" strokeLinejoin="round">
      <rect x="6" y="11" width="36" height="26" rx="4" />
      <path d="M7 13l17 13 17-13" />
    </svg>
  );
}
