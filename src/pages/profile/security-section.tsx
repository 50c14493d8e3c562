import type { Flash } from '../flash';
import { FlashHere } from '../flash-here';
import { FormFailure } from '../../../islands/_ui/field';
import { FormToken } from '../../../islands/_ui/form-token';
import type { FormState } from '../page';
import type { ProtectionData } from './protection-data';

type Props = { sessions: ProtectionData['sessions']; events: ProtectionData['events']; form?: FormState | null; formToken?: string; flash?: Flash };

const EVENT_LABELS: Record<string, string> = {
  LOGIN: 'Signed in', LOGIN_FAILED: 'Failed sign-in', LOGOUT: 'Signed out', PASSWORD_CHANGED: 'Password changed',
  EMAIL_CHANGED: 'Email changed', TOTP_ENABLED: 'Two-step verification turned on', TOTP_DISABLED: 'Two-step verification turned off',
  WITHDRAWAL_REQUESTED: 'Withdrawal requested', SESSION_ENDED: 'Device signed out',
};
const at = (iso: string) => new Date(iso).toLocaleString('en-US', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' }) + ' UTC';

/** Signed-in devices (each with a plain form to sign it out) and the latest security activity. */
export function SecuritySection({ sessions, events, form, formToken, flash }: Props) {
  const failed = form && (form.action === 'endSession' || form.action === 'endOtherSessions') ? form.message : undefined;
  return (
    <section className="card protection-card" id="sessions" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Signed-in devices</h2>
      <FlashHere flash={flash} at="sessions" />
      <FormFailure message={failed} />
      <ul className="session-list">
        {sessions.map((s) => (
          <li key={s.id} className="session-item">
            <div>
              <strong>{s.device ?? 'Unknown device'}</strong>
              {s.current && <span className="badge"> This device</span>}
              <br />
              <span className="field-hint">
                {s.ip ?? 'Unknown address'} · signed in {at(s.createdAt)} · last active {at(s.lastSeenAt)}
              </span>
            </div>
            {!s.current && (
              <form method="post" action="/profile-setting">
                <input type="hidden" name="_action" value="endSession" />
                <input type="hidden" name="sessionId" value={s.id} />
                <FormToken value={formToken} />
                <button type="submit" className="btn btn-ghost" aria-label={`Sign out ${s.device ?? 'unknown device'}, last active ${at(s.lastSeenAt)}`}>Sign out</button>
              </form>
            )}
          </li>
        ))}
      </ul>
      {sessions.some((s) => !s.current) && (
        <form method="post" action="/profile-setting">
          <input type="hidden" name="_action" value="endOtherSessions" />
          <FormToken value={formToken} />
          <button type="submit" className="btn btn-primary btn-block">Sign out of all other devices</button>
        </form>
      )}
      <h3 id="activity-title">Recent security activity</h3>
      {events.length === 0 ? (
        <p className="field-hint">No activity yet.</p>
      ) : (
        <ul className="activity-list" aria-labelledby="activity-title">
          {events.map((e, i) => (
            <li key={`${e.at}-${i}`}>
              <strong>{EVENT_LABELS[e.type] ?? e.type}</strong> <span className="field-hint">{at(e.at)}{e.device ? ` · ${e.device}` : ''}{e.ip ? ` · ${e.ip}` : ''}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
