import { m } from '../src/i18n/paraglide/messages.js';
import { Rich } from '../src/i18n/rich';
import { useEffect, useRef, useState } from 'react';
import { api } from './_client/api';
import { navigation } from './_client/navigate';
import { FormToken } from './_ui/form-token';
import { ResultPanel } from './_ui/result-panel';
import { useHydrated } from './_client/use-hydrated';

type State = 'verifying' | 'verified' | 'changed' | 'already' | 'failed';

/**
 * spec §2 Email verification. The token is sent by a POST from the page rather than used by the GET itself, so
 * mail scanners that prefetch links cannot spend it.
 */
export default function VerifyEmail({ token, communityUrl, failed, already, formToken, signedIn }: { token: string; communityUrl?: string | null; failed?: boolean; already?: boolean; formToken?: string; signedIn?: boolean }) {
  const [state, setState] = useState<State>(already ? 'already' : token && !failed ? 'verifying' : 'failed');
  /** The new address of an e-mail change link: the account signs in with it from now on. */
  const [newEmail, setNewEmail] = useState('');
  const sent = useRef(false);
  const hydrated = useHydrated();

  useEffect(() => {
    if (!token || failed || already || sent.current) return;
    sent.current = true;
    api<{ emailChanged?: boolean; email?: string }>('/verify/email', { method: 'POST', body: { token }, anonymous: true, quiet: true })
      .then((r) => {
        if (r.status === 200 && r.emailChanged && r.email) {
          setNewEmail(r.email);
          return setState('changed');
        }
        setState(r.status === 200 ? 'verified' : r.errorType === 'ALREADY_VERIFIED' ? 'already' : 'failed');
      })
      .catch(() => setState('failed'));
  }, [token]);

  return (
    <div aria-live="polite">
      {state === 'verifying' && hydrated && (
        <ResultPanel tone="pending" title={m.auth_verifying()} as="h1" focus={false}>
          <p>{m.auth_verifying_wait()}</p>
        </ResultPanel>
      )}
      {/* Until a script runs (or without one) nothing sends the token: the player sends it with one press. */}
      {state === 'verifying' && !hydrated && (
        <div className="result-panel">
          <h1 className="result-title">{m.auth_verify_heading()}</h1>
          {/* A signed-in player (confirming a new address from Profile Settings) is logged in already. */}
          <p>{signedIn ? m.auth_verify_press() : `${m.auth_verify_press()} ${m.auth_verify_then_login()}`}</p>
          <form method="post" action={`/verify/email/${encodeURIComponent(token)}`}>
            <FormToken value={formToken} />
            <button type="submit" className="btn btn-primary">{m.auth_verify_button()}</button>
          </form>
        </div>
      )}
      {state === 'verified' && (
        <ResultPanel tone="success" title={m.auth_verified_title()} as="h1">
          <p>{m.auth_verified_text()}</p>
          <div className="result-actions">
            <a
              className="btn btn-primary"
              href="/login"
              onClick={(e) => {
                // The verification page has done its job; Back should not return to it.
                e.preventDefault();
                navigation.replace('/login');
              }}
            >
              {m.auth_go_login()}
            </a>
            {communityUrl && (
              <a className="btn btn-ghost" href={communityUrl} target="_blank" rel="noopener noreferrer">
                {m.auth_join_chat()}
              </a>
            )}
          </div>
        </ResultPanel>
      )}
      {state === 'changed' && (
        <ResultPanel tone="success" title={m.auth_changed_title()} as="h1">
          <p>
            <Rich text={m.auth_changed_text({ email: newEmail ?? '' })} />
          </p>
          <a className="btn btn-primary" href={signedIn ? '/profile-setting' : '/login'}>
            {signedIn ? m.auth_back_profile() : m.auth_go_login()}
          </a>
        </ResultPanel>
      )}
      {state === 'already' && (
        <ResultPanel tone="success" title={m.auth_already_title()} as="h1">
          <p>{m.auth_already_verified()}</p>
          {/* A signed-in player (a change-of-address link opened again) has nothing to log in to. */}
          <a className="btn btn-primary" href={signedIn ? '/profile-setting' : '/login'}>
            {signedIn ? m.auth_back_profile() : m.auth_go_login()}
          </a>
        </ResultPanel>
      )}
      {state === 'failed' && (
        <ResultPanel tone="error" title={m.auth_failed_title()} as="h1">
          <p>{m.auth_failed_text()}</p>
          <a className="btn btn-primary" href="/support">
            {m.auth_contact_support()}
          </a>
        </ResultPanel>
      )}
    </div>
  );
}
