import type { Flash } from '../flash';
import { FlashHere } from '../flash-here';
import { FieldError, FormFailure, describedBy } from '../../../islands/_ui/field';
import { FormToken } from '../../../islands/_ui/form-token';
import type { FormState } from '../page';
import { COOL_OFF_CHOICES, LIMIT_FIELDS, SELF_EXCLUSION_CHOICES } from '../../shared/schemas/play-limits';
import type { ProtectionData } from './protection-data';
import { formatMoney } from '../../i18n/format';
import { INTL_LOCALE } from '../../i18n/lang';
import { currentLang } from '../../i18n/request-lang';
import { Rich } from '../../i18n/rich';
import { m } from '../../i18n/paraglide/messages.js';

type Props = { data: ProtectionData['limits']; form?: FormState | null; formToken?: string; flash?: Flash };

// The zones US players live in; the API takes any IANA name, and a player's own is always offered.
const US_ZONES: (readonly [string, () => string])[] = [
  ['UTC', () => 'UTC'], ['America/New_York', m.profile_zone_eastern], ['America/Chicago', m.profile_zone_central], ['America/Denver', m.profile_zone_mountain],
  ['America/Phoenix', m.profile_zone_arizona], ['America/Los_Angeles', m.profile_zone_pacific], ['America/Anchorage', m.profile_zone_alaska],
  ['Pacific/Honolulu', m.profile_zone_hawaii], ['America/Puerto_Rico', m.profile_zone_atlantic],
];
const zonesWith = (own: string): (readonly [string, () => string])[] => (US_ZONES.some(([z]) => z === own) ? US_ZONES : [...US_ZONES, [own, () => own]]);

// The labels and choices in the page's language (the shared schema's own are the API's words).
const LIMIT_LABEL: Record<(typeof LIMIT_FIELDS)[number], () => string> = { daily: m.profile_limit_daily, weekly: m.profile_limit_weekly, monthly: m.profile_limit_monthly };
const BECOMES: Record<string, (i: { amount: string; when: string }) => string> = { daily: m.profile_daily_becomes, weekly: m.profile_weekly_becomes, monthly: m.profile_monthly_becomes };
const PERIOD: Record<string, () => string> = {
  '24h': m.profile_period_24h, '7d': m.profile_period_7d, '30d': m.profile_period_30d, '6m': m.profile_period_6m, '1y': m.profile_period_1y, permanent: m.profile_period_permanent,
};

/** A moment in the player's own zone, which it names: "Nov 24, 2026, 9:40 PM (America/Chicago)". */
const when = (iso: string, timeZone: string) => {
  const d = new Date(iso);
  return `${d.toLocaleString(INTL_LOCALE[currentLang()], { timeZone, dateStyle: 'medium', timeStyle: 'short' })} (${timeZone})`;
};
const money = (n: number | null) => (n === null ? m.profile_no_limit() : formatMoney(Math.round(n * 100)));

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
      <h2 id="responsible-gaming-title">{m.profile_rg_title()}</h2>
      <FlashHere flash={flash} at="responsible-gaming" />
      <Restriction data={data} />

      <h3 id="deposit-limits">{m.profile_limits_title()}</h3>
      <FlashHere flash={flash} at="deposit-limits" />
      <p className="field-hint">{m.profile_limits_hint()}</p>
      <form className="form" method="post" action="/profile-setting" aria-labelledby="deposit-limits" noValidate>
        <input type="hidden" name="_action" value="limits" />
        <FormToken value={formToken} />
        <FormFailure message={limitsForm?.message} />
        {LIMIT_FIELDS.map((p) => (
          <div className="field" key={p}>
            <label htmlFor={`limit-${p}`}>{LIMIT_LABEL[p]()}</label>
            <input id={`limit-${p}`} name={p} type="text" inputMode="decimal" autoComplete="off" placeholder={m.profile_no_limit()}
              defaultValue={limitsForm ? limitsForm.values[p] ?? '' : data.deposit[p] === null ? '' : String(data.deposit[p])}
              {...describedBy(`limit-${p}`, limitsForm?.errors[p])} />
            <FieldError id={`limit-${p}`} error={limitsForm?.errors[p]} />
          </div>
        ))}
        <div className="field">
          <label htmlFor="limit-timezone">{m.profile_time_zone()}</label>
          <select id="limit-timezone" name="timeZone" defaultValue={limitsForm?.values.timeZone ?? data.pendingTimeZone?.timeZone ?? tz} {...describedBy('limit-timezone', limitsForm?.errors.timeZone)}>
            {zonesWith(limitsForm?.values.timeZone || data.pendingTimeZone?.timeZone || tz).map(([z, label]) => <option key={z} value={z}>{label()}</option>)}
          </select>
          <FieldError id="limit-timezone" error={limitsForm?.errors.timeZone} />
        </div>
        {(data.pending.length > 0 || data.pendingTimeZone) && (
          <ul className="pending-limits" aria-label={m.profile_changes_waiting()}>
            {data.pendingTimeZone && <li>{m.profile_zone_becomes({ zone: data.pendingTimeZone.timeZone, when: when(data.pendingTimeZone.effectiveAt, tz) })}</li>}
            {data.pending.map((x) => (
              <li key={x.period}>
                {(BECOMES[x.period] ?? m.profile_daily_becomes)({ amount: money(x.amount), when: when(x.effectiveAt, tz) })}
              </li>
            ))}
          </ul>
        )}
        <button type="submit" className="btn btn-primary btn-block">{m.profile_save_limits()}</button>
      </form>

      <h3 id="cool-off-title">{m.profile_cool_off_title()}</h3>
      <p className="field-hint">{m.profile_cool_off_hint()}</p>
      <form className="form" method="post" action="/profile-setting" aria-labelledby="cool-off-title" noValidate>
        <input type="hidden" name="_action" value="coolOff" />
        <FormToken value={formToken} />
        <FormFailure message={cool?.message} />
        <Choices name="period" legend={m.profile_cool_off_period()} idPrefix="cool-off" choices={COOL_OFF_CHOICES} picked={cool?.values.period ?? '24h'} error={cool?.errors.period} />
        <Confirm id="cool-off-confirm" error={cool?.errors.confirm}>{m.profile_cool_off_confirm()}</Confirm>
        <button type="submit" className="btn btn-primary btn-block">{m.profile_cool_off_start()}</button>
      </form>

      <h3 id="self-exclude-title">{m.profile_exclude_title()}</h3>
      <p className="field-hint">{m.profile_exclude_hint()}</p>
      <form className="form" method="post" action="/profile-setting" aria-labelledby="self-exclude-title" noValidate>
        <input type="hidden" name="_action" value="selfExclude" />
        <FormToken value={formToken} />
        <FormFailure message={excl?.message} />
        <Choices name="period" legend={m.profile_exclude_period()} idPrefix="self-exclude" choices={SELF_EXCLUSION_CHOICES} picked={excl?.values.period ?? '6m'} error={excl?.errors.period} />
        <div className="field">
          <label htmlFor="self-exclude-password">{m.auth_password_label()}</label>
          <input id="self-exclude-password" name="password" type="password" autoComplete="current-password" required {...describedBy('self-exclude-password', excl?.errors.password)} />
          <FieldError id="self-exclude-password" error={excl?.errors.password} />
        </div>
        <Confirm id="self-exclude-confirm" error={excl?.errors.confirm}>{m.profile_exclude_confirm()}</Confirm>
        <button type="submit" className="btn btn-danger btn-block">{m.profile_exclude_button()}</button>
      </form>
      <p className="field-hint">
        <Rich text={m.profile_rg_help()} links={[(w) => <a href="/support#gambling-help">{w}</a>, (w) => <a href="/responsible-gaming">{w}</a>]} />
      </p>
    </section>
  );
}

function Restriction({ data }: { data: NonNullable<ProtectionData['limits']> }) {
  if (data.selfExcludedUntil)
    return (
      <p className="alert alert-info" role="status">
        {data.selfExcludedUntil === 'permanent' ? m.profile_excluded_forever() : m.profile_excluded_until({ when: when(data.selfExcludedUntil, data.timeZone) })}
      </p>
    );
  if (data.coolOffUntil)
    return <p className="alert alert-info" role="status">{m.profile_cooling_off_until({ when: when(data.coolOffUntil, data.timeZone) })}</p>;
  return null;
}

function Choices({ name, legend, idPrefix, choices, picked, error }: { name: string; legend: string; idPrefix: string; choices: readonly { value: string; label: string }[]; picked: string; error?: string }) {
  return (
    <fieldset className="field checkbox-group" {...describedBy(`${idPrefix}-period`, error)}>
      <legend>{legend}</legend>
      {choices.map((c) => (
        <label className="checkbox" key={c.value}>
          <input type="radio" name={name} value={c.value} defaultChecked={picked === c.value} /><span>{PERIOD[c.value]?.() ?? c.label}</span>
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
