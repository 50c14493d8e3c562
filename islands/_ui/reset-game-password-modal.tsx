import { m } from '../../src/i18n/paraglide/messages.js';
import { useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import type { GameAccountView } from '../../src/shared/game-accounts';
import { checkGamePassword } from '../../src/shared/schemas/games';
import { TOTP_ERROR_TYPES } from '../../src/shared/schemas/two-step';
import { api } from '../_client/api';
import { refreshGames } from '../_client/games';
import { toast } from '../_client/toast';
import { SubmitButton } from './busy';
import { FormToken } from './form-token';
import { Modal } from './modal';
import { PasswordField } from './password-field';
import { TotpField, useCodeAsked } from './totp-field';

/**
 * spec §2 Reset Game Password modal: a new password of at least 5 characters (the message under the input,
 * prefixed with an asterisk); on success the server's message is toasted and the credential list reloads.
 */
export function ResetGamePasswordModal({ account, onClose, formToken, twoStep }: { account: GameAccountView; onClose: () => void; formToken?: string; twoStep?: boolean }) {
  const [password, setPassword] = useState('');
  // It hands over the game account: with two-step verification on, it takes a code, as a send does.
  const code = useCodeAsked(twoStep);
  const [totp, setTotp] = useState('');
  const [codeError, setCodeError] = useState('');
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState('');
  const [busy, setBusy] = useState(false);
  const ruleError = tried ? checkGamePassword({ requestedPassword: password }).requestedPassword : undefined;
  const error = ruleError ?? (serverError || undefined);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (checkGamePassword({ requestedPassword: password }).requestedPassword) {
      document.getElementById('game-new-password')?.focus();
      return;
    }
    setBusy(true);
    try {
      const r = await api(`/game/password/request-reset/${encodeURIComponent(account.id)}`, {
        method: 'PUT', body: { requestedPassword: password, ...(code.asked && { totp: totp.trim() }) }, inlineFields: ['requestedPassword', 'totp'], quietErrorTypes: [...TOTP_ERROR_TYPES],
      });
      code.note(r.errorType);
      if (r.success) {
        toast.success(r.message ?? m.islands_game_reset_sent(), { id: 'game-password-reset' });
        await refreshGames();
        setBusy(false);
        onClose();
        return;
      }
      if (r.fieldErrors.requestedPassword) setServerError(r.fieldErrors.requestedPassword);
      else if (r.errorType && TOTP_ERROR_TYPES.includes(r.errorType)) {
        setTotp('');
        setCodeError(r.fieldErrors.totp ?? r.message ?? m.islands_code_from_app());
      }
    } catch {
      // The API client has already told the player.
    }
    setBusy(false);
  }

  return createPortal(
    <Modal title={m.islands_game_reset_title()} onClose={() => !busy && onClose()}>
      {/* The dashboard's plain reset form, posted by the browser only if the script has gone (same fields, same action). */}
      <form className="form" method="post" action="/home#game-accounts" noValidate onSubmit={submit} aria-busy={busy || undefined}>
        <input type="hidden" name="_action" value="reset" />
        <input type="hidden" name="id" value={account.id} />
        <FormToken value={formToken} />
        <p className="muted">{m.islands_game_reset_lead({ game: account.name, user: account.userName ?? '' })}</p>
        <PasswordField
          id="game-new-password"
          name="requestedPassword"
          label={m.islands_game_new_password()}
          value={password}
          onValue={(v) => {
            setPassword(v);
            setServerError('');
          }}
          error={error ? `* ${error}` : undefined}
          autoComplete="new-password"
        />
        {code.asked && <TotpField id="game-reset-totp" value={totp} onValue={(v) => { setTotp(v); setCodeError(''); }} error={codeError || undefined} />}
        <SubmitButton busy={busy} label={m.islands_game_reset_password()} busyLabel={m.islands_game_requesting()} />
      </form>
    </Modal>,
    document.body,
  );
}
