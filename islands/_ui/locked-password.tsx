import { m } from '../../src/i18n/paraglide/messages.js';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { GameAccountView } from '../../src/shared/game-accounts';
import { TOTP_ERROR_TYPES } from '../../src/shared/schemas/two-step';
import { api } from '../_client/api';
import { SubmitButton } from './busy';
import { FormToken } from './form-token';
import { TotpField } from './totp-field';

/** A refused or answered plain `reveal` post: the account, and its password once the code was right. */
export type RevealPosted = { values?: Record<string, string>; errors?: Record<string, string>; message?: string | null } | null;

/**
 * A game password while two-step verification is on: it hands over the game account, so it is not in the page and
 * Show asks for a code first (POST /game/credential/{id}/show). Once shown it stays on this page (Hide, Copy).
 * Before or without script, the same form posts to the dashboard's `reveal` action, which renders the page with it.
 */
export function LockedPassword({ account: a, hydrated, posted, formToken, onCopy }: {
  account: GameAccountView; hydrated: boolean; posted: RevealPosted; formToken?: string; onCopy: (password: string) => void;
}) {
  const [password, setPassword] = useState<string | null>(posted?.values?.password ?? null);
  const [shown, setShown] = useState(true);
  // A plain post refused for its code (sent before the script ran) keeps its open form and its words once hydrated.
  const refused = posted?.errors?.totp ?? posted?.message ?? '';
  const [asking, setAsking] = useState(!!posted && !posted.values?.password);
  const [totp, setTotp] = useState('');
  const [codeError, setCodeError] = useState(refused);
  const [busy, setBusy] = useState(false);
  const pwId = `pw-${a.id}`;
  const codeId = `reveal-${a.id}-totp`;
  const sr = ` ${m.islands_game_sr_password({ game: a.name })}`;
  // The code form that held focus is gone once the password shows: focus goes to its Hide button, not to <body>.
  // Only after a reveal here, not when the page arrives with the password a plain post asked for.
  const hide = useRef<HTMLButtonElement>(null);
  const revealedHere = useRef(false);
  useEffect(() => {
    if (password !== null && revealedHere.current) hide.current?.focus();
  }, [password]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const r = await api<{ password: string }>(`/game/credential/${encodeURIComponent(a.id)}/show`, {
        method: 'POST', body: { totp: totp.trim() }, inlineFields: ['totp'], quietErrorTypes: [...TOTP_ERROR_TYPES],
      });
      if (r.success && typeof r.password === 'string') {
        revealedHere.current = true;
        setPassword(r.password);
        setShown(true);
        setAsking(false);
      } else if (r.errorType && TOTP_ERROR_TYPES.includes(r.errorType)) {
        setTotp('');
        setCodeError(r.fieldErrors.totp ?? r.message ?? m.islands_code_from_app());
        document.getElementById(codeId)?.focus();
      }
    } catch {
      // The API client has already told the player.
    }
    setBusy(false);
  }

  const form = (error: string | undefined, onSubmit?: (e: FormEvent) => void) => (
    <form method="post" action="/home#game-accounts" className="form credential-code" noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
      <input type="hidden" name="_action" value="reveal" />
      <input type="hidden" name="id" value={a.id} />
      <FormToken value={formToken} />
      <TotpField id={codeId} value={hydrated ? totp : undefined} onValue={hydrated ? (v) => { setTotp(v); setCodeError(''); } : undefined} error={error} autoFocus={hydrated} />
      <SubmitButton busy={busy} label={m.islands_game_show_password()} busyLabel={m.islands_checking()} />
    </form>
  );

  if (password !== null)
    return (
      <dd>
        <code id={pwId} aria-live="polite">{shown ? password : '••••••••'}</code>
        {hydrated && (
          <>
            <button ref={hide} type="button" className="btn btn-ghost btn-sm" aria-controls={pwId} aria-pressed={shown} onClick={() => setShown((s) => !s)}>
              {shown ? m.auth_hide() : m.auth_show()}<span className="sr-only">{sr}</span>
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => onCopy(password)}>
              {m.islands_copy()}<span className="sr-only">{sr}</span>
            </button>
          </>
        )}
      </dd>
    );
  if (!hydrated)
    return (
      <dd>
        <details className="credential-reveal" open={!!posted}>
          <summary className="btn btn-ghost btn-sm">{m.auth_show()}<span className="sr-only">{sr}</span></summary>
          <p className="field-hint">{m.islands_game_locked_hint()}</p>
          {form(posted?.errors?.totp ?? posted?.message ?? undefined)}
        </details>
      </dd>
    );
  return (
    <dd>
      <code>••••••••</code>
      <button type="button" id={`${codeId}-toggle`} className="btn btn-ghost btn-sm" aria-expanded={asking} onClick={() => setAsking((x) => !x)}>
        {asking ? m.islands_cancel() : m.auth_show()}<span className="sr-only">{sr}</span>
      </button>
      {asking && (
        // Escape closes the box, as it closes a dialog, and puts the player back on its toggle.
        <div className="credential-code-box" onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          setAsking(false);
          document.getElementById(`${codeId}-toggle`)?.focus();
        }}>
          <p className="field-hint">{m.islands_game_locked_hint()}</p>
          {form(codeError || undefined, submit)}
        </div>
      )}
    </dd>
  );
}
