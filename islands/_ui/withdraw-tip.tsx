import { m } from '../../src/i18n/paraglide/messages.js';
import { tipPicks } from '../../src/shared/withdraw-review';
import { describedBy, FieldError } from './field';

/**
 * The optional tip: what it is, said beside its quick picks, and picks no larger than a small share of the amount
 * (src/shared/withdraw-review.ts), so a thumb cannot tip $100 on a $100 withdrawal. Any whole-dollar tip can be typed.
 */
export function TipField({ value, onValue, amountCents, error }: { value: string; onValue: (v: string) => void; amountCents: number | null; error?: string }) {
  const picks = tipPicks(amountCents);
  return (
    <fieldset className="field tip-field" aria-describedby="withdraw-tip-explained">
      <legend>{m.islands_withdraw_tip_legend()}</legend>
      <p className="field-hint" id="withdraw-tip-explained">{m.islands_withdraw_tip_explained()}</p>
      {picks.length > 0 && (
        <div className="tip-presets">
          {picks.map((n) => (
            <button key={n} type="button" className={`btn btn-sm ${value === String(n) ? 'btn-primary' : 'btn-ghost'}`} aria-pressed={value === String(n)} onClick={() => onValue(value === String(n) ? '' : String(n))}>
              ${n}
            </button>
          ))}
        </div>
      )}
      <label htmlFor="withdraw-tip" className="sr-only">
        {m.islands_withdraw_tip_label()}
      </label>
      <input id="withdraw-tip" name="tip" inputMode="numeric" autoComplete="off" placeholder={picks.length ? m.islands_withdraw_tip_other() : m.islands_withdraw_tip_whole()} value={value} onChange={(e) => onValue(e.target.value)} {...describedBy('withdraw-tip', error)} />
      <FieldError id="withdraw-tip" error={error} />
    </fieldset>
  );
}
