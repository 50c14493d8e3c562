import type { Flash } from '../flash';
import { FlashHere } from '../flash-here';
import { FieldError, FormFailure, describedBy } from '../../../islands/_ui/field';
import { FormToken } from '../../../islands/_ui/form-token';
import type { FormState } from '../page';
import { COOL_OFF_CHOICES, LIMIT_FIELDS, LIMIT_LABELS, SELF_EXCLUSION_CHOICES } from '../../shared/schemas/play-limits';
import type { ProtectionData } from './protection-data';

type Props = { data: ProtectionData['limits']; form?: FormState | null; formToken?: string; flash?: Flash };

// The zones US players live in; the API takes any IANA name, and a player's own is always offered.
const US_ZONES = [
  ['UTC', 'UTC'], ['America/New_York', 'Eastern (New York)'], ['America/Chicago', 'Central (Chicago)'], ['America/Denver', 'Mountain (Denver)'],
  ['America/Phoenix', 'Arizona (Phoenix)'], ['America/Los_Angeles', 'Pacific (Los Angeles)'], ['America/Anchorage', 'Alaska (Anchorage)'],
  ['Pacific/Honolulu', 'Hawaii (Honolulu)'], ['America/Puerto_Rico', 'Atlantic (Puerto Rico)'],
] as const;
const zonesWith = (own: string): (readonly [string, string])[] => (US_ZONES.some(([z]) => z === own) ? [...US_ZONES] : [...US_ZONES, [own, own]]);

export const when = (iso: string, timeZone: string) => {
  const d = new Date(iso);
  return `${d.toLocaleString('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short' })} (${timeZone})`;
};
const money = (n: number | null) => (n === null ? 'No limit' : `$${n.toFixed(2)}`);

/**
 * The profile page's "Responsible gaming" section: deposit limits, a cool-off and self-exclusion, as plain forms
 * posting to /profile-setting (no script needed). Self-exclusion asks for the password and a ticked confirmation.
 */
export function ResponsibleGamingSection({ data, form, formToken, flash }: Props) {
  if (!data) return null;
  const tz = data.timeZone;
  const f = (action: string) => (form?.action === action ? form : null);
  const limitsForm = f('limits');
  const cool = f('coolOff');
  const excl = f('selfExclude');
  return (
    <section className="card protection-card" id="responsible-gaming" aria-labelledby="responsible-gaming-title">
      <h2 id="responsible-gaming-title">Responsible gaming</h2>
      <FlashHere flash={flash} at="responsible-gaming" />
      <Restriction data={data} />

      <h3 id="deposit-limits">Deposit limits</h3>
      <FlashHere flash={flash} at="deposit-limits" />
      <p className="field-hint">
        A lower limit applies at once. A higher limit, or removing one, takes effect 24 hours later. Days, weeks (from
        Monday) and months are counted in your time zone.
      </p>
      <form className="form" method="post" action="/profile-setting" aria-labelledby="deposit-limits" noValidate>
        <input type="hidden" name="_action" value="limits" />
        <FormToken value={formToken} />
        <FormFailure message={limitsForm?.message} />
        {LIMIT_FIELDS.map((p) => (
          <div className="field" key={p}>
            <label htmlFor={`limit-${p}`}>{LIMIT_LABELS[p]} limit ($)</label>
            <input id={`limit-${p}`} name={p} type="text" inputMode="decimal" autoComplete="off" placeholder="No limit"
              defaultValue={limitsForm ? limitsForm.values[p] ?? '' : data.deposit[p] === null ? '' : String(data.deposit[p])}
              {...describedBy(`limit-${p}`, limitsForm?.errors[p])} />
            <FieldError id={`limit-${p}`} error={limitsForm?.errors[p]} />
          </div>
        ))}
        <div className="field">
          <label htmlFor="limit-timezone">Time zone</label>
          <select id="limit-timezone" name="timeZone" defaultValue={limitsForm?.values.timeZone ?? data.pendingTimeZone?.timeZone ?? tz} {...describedBy('limit-timezone', limitsForm?.errors.timeZone)}>
            {zonesWith(limitsForm?.values.timeZone || data.pendingTimeZone?.timeZone || tz).map(([z, label]) => <option key={z} value={z}>{label}</option>)}
          </select>
          <FieldError id="limit-timezone" error={limitsForm?.errors.timeZone} />
        </div>
        {(data.pending.length > 0 || data.pendingTimeZone) && (
          <ul className="pending-limits" aria-label="Changes waiting">
            {data.pendingTimeZone && <li>Time zone becomes {data.pendingTimeZone.timeZone} on {when(data.pendingTimeZone.effectiveAt, tz)}.</li>}
            {data.pending.map((x) => (
              <li key={x.period}>
                {LIMIT_LABELS[x.period as keyof typeof LIMIT_LABELS] ?? x.period} limit becomes {money(x.amount)} on {when(x.effectiveAt, tz)}.
              </li>
            ))}
          </ul>
        )}
        <button type="submit" className="btn btn-primary btn-block">Save limits</button>
      </form>

      <h3 id="cool-off-title">Take a break</h3>
      <p className="field-hint">
        A cool-off pauses deposits, transfers to games and sending credits. You can still sign in, see your history,
        redeem from games and withdraw. It cannot be ended early.
      </p>
      <form className="form" method="post" action="/profile-setting" aria-labelledby="cool-off-title" noValidate>
        <input type="hidden" name="_action" value="coolOff" />
        <FormToken value={formToken} />
        <FormFailure message={cool?.message} />
        <Choices name="period" legend="Cool-off period" idPrefix="cool-off" choices={COOL_OFF_CHOICES} picked={cool?.values.period ?? '24h'} error={cool?.errors.period} />
        <Confirm id="cool-off-confirm" error={cool?.errors.confirm}>I want to take a break and understand it cannot be ended early.</Confirm>
        <button type="submit" className="btn btn-primary btn-block">Start cool-off</button>
      </form>

      <h3 id="self-exclude-title">Self-exclusion</h3>
      <p className="field-hint">
        Self-exclusion closes deposits, transfers to games and sending credits for 6 months, a year or for good, and
        stops marketing e-mail. Your money stays yours: you can still sign in, redeem from games and withdraw. It cannot
        be undone or shortened.
      </p>
      <form className="form" method="post" action="/profile-setting" aria-labelledby="self-exclude-title" noValidate>
        <input type="hidden" name="_action" value="selfExclude" />
        <FormToken value={formToken} />
        <FormFailure message={excl?.message} />
        <Choices name="period" legend="Self-exclusion period" idPrefix="self-exclude" choices={SELF_EXCLUSION_CHOICES} picked={excl?.values.period ?? '6m'} error={excl?.errors.period} />
        <div className="field">
          <label htmlFor="self-exclude-password">Password</label>
          <input id="self-exclude-password" name="password" type="password" autoComplete="current-password" required {...describedBy('self-exclude-password', excl?.errors.password)} />
          <FieldError id="self-exclude-password" error={excl?.errors.password} />
        </div>
        <Confirm id="self-exclude-confirm" error={excl?.errors.confirm}>I understand that self-exclusion cannot be undone or shortened.</Confirm>
        <button type="submit" className="btn btn-danger btn-block">Self-exclude</button>
      </form>
      <p className="field-hint">
        Need to talk to someone? See <a href="/support#gambling-help">where to find help</a> or read our{' '}
        <a href="/responsible-gaming">responsible gaming</a> page.
      </p>
    </section>
  );
}

function Restriction({ data }: { data: NonNullable<ProtectionData['limits']> }) {
  const open = 'You can still sign in, see your history, redeem from games and withdraw.';
  if (data.selfExcludedUntil)
    return (
      <p className="alert alert-info" role="status">
        You are self-excluded {data.selfExcludedUntil === 'permanent' ? 'permanently' : `until ${when(data.selfExcludedUntil, data.timeZone)}`}.
        Deposits, transfers to games and sending credits are closed. {open}
      </p>
    );
  if (data.coolOffUntil)
    return (
      <p className="alert alert-info" role="status">
        You are on a cool-off break until {when(data.coolOffUntil, data.timeZone)}. Deposits, transfers to games and
        sending credits are paused. {open}
      </p>
    );
  return null;
}

function Choices({ name, legend, idPrefix, choices, picked, error }: { name: string; legend: string; idPrefix: string; choices: readonly { value: string; label: string }[]; picked: string; error?: string }) {
  return (
    <fieldset className="field checkbox-group" {...describedBy(`${idPrefix}-period`, error)}>
      <legend>{legend}</legend>
      {choices.map((c) => (
        <label className="checkbox" key={c.value}>
          <input type="radio" name={name} value={c.value} defaultChecked={picked === c.value} /><span>{c.label}</span>
        </label>
      ))}
      <FieldError id={`${idPrefix}-period`} error={error} />
    </fieldset>
  );
}

function Confirm({ id, error, children }: { id: string; error?: string; children: string }) {
  return (
    <div className="field field-check">
      <label className="checkbox">
        <input id={id} name="confirm" type="checkbox" value="yes" required {...describedBy(id, error)} />
        <span>{children}</span>
      </label>
      <FieldError id={id} error={error} />
    </div>
  );
}
