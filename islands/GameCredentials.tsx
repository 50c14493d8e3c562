import { m } from '../src/i18n/paraglide/messages.js';
import { useState } from 'react';
import { formatCents } from '../src/shared/money';
import type { GameAccountView } from '../src/shared/game-accounts';
import { api } from './_client/api';
import { copyText } from './_client/clipboard';
import { FormToken } from './_ui/form-token';
import { gameAccounts, refreshGames } from './_client/games';
import { toast } from './_client/toast';
import { useSignalValue } from './_client/use-signal';
import { ResetGamePasswordModal } from './_ui/reset-game-password-modal';
import { LockedPassword, type RevealPosted } from './_ui/locked-password';
import { TotpField } from './_ui/totp-field';
import { useHydrated } from './_client/use-hydrated';

export type GameCredentialsProps = {
  initial: GameAccountView[];
  canPlay: boolean;
  /** A refused plain reset post: which account and the message. */
  form?: { values?: Record<string, string>; errors?: Record<string, string>; message?: string | null } | null;
  /** The session's form token (src/http/form-token.ts). */
  formToken?: string;
  /** Two-step verification is on: a reset carries a code. */
  twoStep?: boolean;
  /** A plain `reveal` post (two-step on): which account, and its password once the code was right. */
  reveal?: RevealPosted;
};

/**
 * spec §2 game credential list: per game the user name and the password behind a reveal toggle with a copy
 * button; Reset (or 'Reset Password Requested' while one is pending) opens the Reset Game Password modal.
 * Outside production each game also offers Play a round in the sandbox.
 */
export default function GameCredentials({ initial, canPlay, form, formToken, twoStep, reveal }: GameCredentialsProps) {
  const accounts = useSignalValue(gameAccounts, null) ?? initial;
  const hydrated = useHydrated();
  const [resetting, setResetting] = useState<GameAccountView | null>(null);
  return (
    <>
      <ul className="credential-list">
        {accounts.map((a) => (
          <Credential key={a.id} account={a} canPlay={canPlay} onReset={() => setResetting(a)} hydrated={hydrated} posted={form?.values?.id === a.id ? form : null} formToken={formToken} twoStep={twoStep} revealed={reveal?.values?.id === a.id ? reveal : null} />
        ))}
      </ul>
      {resetting && <ResetGamePasswordModal account={resetting} onClose={() => setResetting(null)} formToken={formToken} twoStep={twoStep} />}
    </>
  );
}

type Posted = GameCredentialsProps['form'];

function Credential({ account: a, canPlay, onReset, hydrated, posted, formToken, twoStep, revealed }: { account: GameAccountView; canPlay: boolean; onReset: () => void; hydrated: boolean; posted: Posted; formToken?: string; twoStep?: boolean; revealed: RevealPosted }) {
  const [shown, setShown] = useState(false);
  const [playing, setPlaying] = useState(false);
  const pwId = `pw-${a.id}`;

  async function copy(text: string, copied: string) {
    if (await copyText(text)) toast.success(copied, { id: 'credential-copied' });
    else toast.error(m.islands_copy_by_hand(), { id: 'credential-copied' });
  }
  const sr = { user: ` ${m.islands_game_sr_user({ game: a.name })}`, password: ` ${m.islands_game_sr_password({ game: a.name })}` };

  async function play() {
    setPlaying(true);
    try {
      const r = await api(`/game/sandbox/play/${encodeURIComponent(a.gameId)}`, { method: 'POST' });
      if (r.success) {
        toast.success(r.message ?? m.islands_game_round_played(), { id: 'play-round' });
        await refreshGames();
      }
    } catch {
      // The API client has already told the player.
    } finally {
      setPlaying(false);
    }
  }

  return (
    <li className="card credential-card">
      <div className="credential-head">
        {a.image && <img src={a.image} alt="" width="64" height="40" loading="lazy" />}
        <h3>{a.name}</h3>
        <p className="credential-balance">
          {`${m.islands_game_balance_label()} `}<strong>{a.balanceCents === null ? m.islands_not_available() : formatCents(a.balanceCents)}</strong>
        </p>
      </div>
      {a.creating || !a.userName ? (
        <p className="muted" role="status">{m.islands_game_being_set_up({ game: a.name })}</p>
      ) : (
        <>
          <dl className="credential-fields">
            <div>
              <dt>{m.islands_game_user_name()}</dt>
              <dd>
                <code>{a.userName}</code>
                {hydrated && (
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => copy(a.userName!, m.islands_game_copied_user())}>
                    {m.islands_copy()}<span className="sr-only">{sr.user}</span>
                  </button>
                )}
              </dd>
            </div>
            <div>
              <dt>{m.islands_game_password()}</dt>
              {a.passwordLocked ? (
                <LockedPassword account={a} hydrated={hydrated} posted={revealed} formToken={formToken} onCopy={(pw) => copy(pw, m.islands_game_copied_password())} />
              ) : hydrated ? (
                <dd>
                  <code id={pwId} aria-live="polite">{shown ? a.password : '••••••••'}</code>
                  <button type="button" className="btn btn-ghost btn-sm" aria-controls={pwId} aria-pressed={shown} onClick={() => setShown((s) => !s)}>
                    {shown ? m.auth_hide() : m.auth_show()}<span className="sr-only">{sr.password}</span>
                  </button>
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => copy(a.password ?? '', m.islands_game_copied_password())}>
                    {m.islands_copy()}<span className="sr-only">{sr.password}</span>
                  </button>
                </dd>
              ) : (
                // Before (or without) the script, a native disclosure shows it: buttons would do nothing.
                <dd>
                  <details className="credential-reveal">
                    <summary className="btn btn-ghost btn-sm">{m.auth_show()}<span className="sr-only">{sr.password}</span></summary>
                    <code>{a.password}</code>
                  </details>
                </dd>
              )}
            </div>
          </dl>
          <div className="credential-actions">
            {a.requestStatus ? (
              <p className="pill pill-yellow">{m.islands_game_reset_requested()}</p>
            ) : hydrated ? (
              <button type="button" className="btn btn-ghost btn-sm" onClick={onReset}>
                {m.islands_game_reset()}<span className="sr-only">{sr.password}</span>
              </button>
            ) : (
              <ResetWithoutScript account={a} posted={posted} formToken={formToken} twoStep={twoStep} />
            )}
            {canPlay && hydrated && (
              <button type="button" className="btn btn-primary btn-sm" onClick={play} disabled={playing} aria-busy={playing || undefined}>
                {playing ? m.islands_game_playing() : m.islands_game_play()}<span className="sr-only">{` ${m.islands_game_sr_play({ game: a.name })}`}</span>
              </button>
            )}
          </div>
        </>
      )}
    </li>
  );
}

/** Before the script runs, Reset opens in place: a plain form the page's `reset` action takes. */
function ResetWithoutScript({ account: a, posted, formToken, twoStep }: { account: GameAccountView; posted: Posted; formToken?: string; twoStep?: boolean }) {
  const id = `reset-${a.id}`;
  const codeError = posted?.errors?.totp;
  const error = posted?.errors?.requestedPassword ?? (codeError ? undefined : posted?.message ?? undefined);
  return (
    <details className="reset-inline" open={!!posted}>
      <summary className="btn btn-ghost btn-sm">
        {m.islands_game_reset()}<span className="sr-only">{` ${m.islands_game_sr_password({ game: a.name })}`}</span>
      </summary>
      <form method="post" action="/home#game-accounts" className="form">
        <input type="hidden" name="_action" value="reset" />
        <FormToken value={formToken} />
        <input type="hidden" name="id" value={a.id} />
        <div className="field">
          <label htmlFor={id}>{m.islands_game_new_password()}</label>
          <input id={id} name="requestedPassword" type="password" autoComplete="new-password" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
          {error && (
            <p className="field-error" id={`${id}-error`} role="alert">
              * {error}
            </p>
          )}
        </div>
        {(twoStep || codeError) && <TotpField id={`${id}-totp`} error={codeError ?? (posted?.errors?.requestedPassword ? undefined : posted?.message ?? undefined)} />}
        <button type="submit" className="btn btn-primary btn-sm">
          {m.islands_game_reset_password()}
        </button>
      </form>
    </details>
  );
}
