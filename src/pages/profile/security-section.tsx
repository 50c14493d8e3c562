import type { Flash } from '../flash';
import { FlashHere } from '../flash-here';
import { FormFailure } from '../../../islands/_ui/field';
import { FormToken } from '../../../islands/_ui/form-token';
import type { FormState } from '../page';
import type { ProtectionData } from './protection-data';
import { formatDateTime } from '../../i18n/format';
import { currentLang } from '../../i18n/request-lang';
import { deviceIn } from '../../services/protection/device';
import { m } from '../../i18n/paraglide/messages.js';

type Props = { sessions: ProtectionData['sessions']; events: ProtectionData['events']; form?: FormState | null; formToken?: string; flash?: Flash };

const EVENT_LABELS: Record<string, () => string> = {
  LOGIN: m.profile_event_login, LOGIN_FAILED: m.profile_event_login_failed, LOGOUT: m.profile_event_logout, PASSWORD_CHANGED: m.profile_event_password_changed,
  EMAIL_CHANGED: m.profile_event_email_changed, TOTP_ENABLED: m.profile_event_totp_enabled, TOTP_DISABLED: m.profile_event_totp_disabled,
  WITHDRAWAL_REQUESTED: m.profile_event_withdrawal_requested, SESSION_ENDED: m.profile_event_session_ended,
};
const at = (iso: string) => formatDateTime(iso);
// Kept in English ("Chrome on Windows"), said in the page's language.
const device = (d: string | null | undefined) => deviceIn(currentLang(), d ?? null);

/** Signed-in devices (each with a plain form to sign it out) and the latest security activity. */
export function SecuritySection({ sessions, events, form, formToken, flash }: Props) {
  const failed = form && (form.action === 'endSession' || form.action === 'endOtherSessions') ? form.message : undefined;
  return (
    <section className="card protection-card" id="sessions" aria-labelledby="sessions-title">
      <h2 id="sessions-title">{m.profile_sessions_title()}</h2>
      <FlashHere flash={flash} at="sessions" />
      <FormFailure message={failed} />
      <ul className="session-list">
        {sessions.map((s) => (
          <li key={s.id} className="session-item">
            <div>
              <strong>{device(s.device)}</strong>
              {s.current && <span className="badge"> {m.profile_this_device()}</span>}
              <br />
              <span className="field-hint">
                {s.ip ?? m.profile_unknown_address()} · {m.profile_session_times({ signedIn: at(s.createdAt), lastActive: at(s.lastSeenAt) })}
              </span>
            </div>
            {!s.current && (
              <form method="post" action="/profile-setting">
                <input type="hidden" name="_action" value="endSession" />
                <input type="hidden" name="sessionId" value={s.id} />
                <FormToken value={formToken} />
                <button type="submit" className="btn btn-ghost" aria-label={m.profile_sign_out_device({ device: s.device ? device(s.device) : m.profile_unknown_device().toLowerCase(), lastActive: at(s.lastSeenAt) })}>{m.profile_sign_out()}</button>
              </form>
            )}
          </li>
        ))}
      </ul>
      {sessions.some((s) => !s.current) && (
        <form method="post" action="/profile-setting">
          <input type="hidden" name="_action" value="endOtherSessions" />
          <FormToken value={formToken} />
          <button type="submit" className="btn btn-primary btn-block">{m.profile_sign_out_others()}</button>
        </form>
      )}
      <h3 id="activity-title">{m.profile_activity_title()}</h3>
      {events.length === 0 ? (
        <p className="field-hint">{m.profile_no_activity()}</p>
      ) : (
        <ul className="activity-list" aria-labelledby="activity-title">
          {events.map((e, i) => (
            <li key={`${e.at}-${i}`}>
              <strong>{EVENT_LABELS[e.type]?.() ?? e.type}</strong> <span className="field-hint">{at(e.at)}{e.device ? ` · ${device(e.device)}` : ''}{e.ip ? ` · ${e.ip}` : ''}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
