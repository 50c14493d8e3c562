import { m } from '../src/i18n/paraglide/messages.js';
import { useState } from 'react';
import { api } from './_client/api';
import { toast } from './_client/toast';
import { SubmitButton } from './_ui/busy';
import { FormFailure } from './_ui/field';
import { FormToken } from './_ui/form-token';

export type TickerPrivacyProps = { on: boolean; formToken?: string; message?: string | null };

/**
 * Profile Settings' privacy choice: whether the player's cash-outs may appear in the site's public ticker. A plain
 * form the server handles before any script (action `privacy`); hydrated, it saves through the API in place.
 */
export default function TickerPrivacyForm({ on, formToken, message }: TickerPrivacyProps) {
  const [checked, setChecked] = useState(on);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(message ?? null);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const r = await api<{ privacy: { tickerOptIn: boolean } }>('/user/privacy', { method: 'PUT', body: { tickerOptIn: checked }, quiet: true });
      if (r.success && r.privacy) {
        setChecked(r.privacy.tickerOptIn);
        toast.success(r.message || m.islands_privacy_saved(), { id: 'privacy-saved' });
      } else setFailure(r.message ?? m.islands_privacy_failed());
    } catch {
      // The shared client has already shown the network failure.
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" method="post" action="/profile-setting#privacy" onSubmit={submit} aria-busy={busy || undefined}>
      <input type="hidden" name="_action" value="privacy" />
      <FormToken value={formToken} />
      <FormFailure message={failure ?? undefined} />
      <div className="field field-check">
        <label className="checkbox">
          <input id="privacy-ticker" name="tickerOptIn" type="checkbox" value="on" checked={checked} onChange={(e) => setChecked(e.target.checked)} aria-describedby="privacy-ticker-hint" />
          <span>{m.islands_privacy_label()}</span>
        </label>
        <p className="field-hint" id="privacy-ticker-hint">
          {m.islands_privacy_hint()}
        </p>
      </div>
      <SubmitButton busy={busy} label={m.islands_privacy_save()} busyLabel={m.islands_saving()} />
    </form>
  );
}
