import { m } from '../src/i18n/paraglide/messages.js';
import { useEffect, useState } from 'react';
import type { GameAccountView } from '../src/shared/game-accounts';
import { dollarsToCents, formatCents } from '../src/shared/money';
import { readAmount } from '../src/shared/schemas/amount-input';
import { checkGameMoveTyped } from '../src/shared/schemas/games';
import { api } from './_client/api';
import { applyWalletAmount, refreshBalance } from './_client/balance';
import { gameAccounts, refreshGames } from './_client/games';
import { useRequestKey } from './_client/use-request-key';
import { walletCents } from './_client/signals';
import { useSignalValue } from './_client/use-signal';
import { LoaderOverlay, SubmitButton } from './_ui/busy';
import { FieldError, FormFailure, describedBy } from './_ui/field';
import { FormToken } from './_ui/form-token';
import { useForm } from './_ui/use-form';

export type GameMoveFormProps = {
  kind: 'transfer' | 'redeem';
  accounts: GameAccountView[];
  walletCents: number;
  /** What the server saw when the form was posted without script (values and messages to show again). */
  form?: { values?: Partial<Record<'gameId' | 'username' | 'amount', string>>; errors?: Record<string, string>; message?: string | null } | null;
  /** Idempotency-Key of the plain form post (a double submit moves credits once). */
  formKey?: string;
  /** The session's form token (src/http/form-token.ts). */
  formToken?: string;
};

// Functions, called while rendering: the words of the page's language, never those of the moment of import.
const TEXT = {
  transfer: { path: '/transfer/transfer-data-request', button: m.islands_move_transfer_button, busy: m.islands_move_transfer_busy, loader: m.islands_move_transfer_loader, ok: m.islands_move_transfer_ok },
  redeem: { path: '/game/redeem-Request', button: m.islands_move_redeem_button, busy: m.islands_move_redeem_busy, loader: m.islands_move_redeem_loader, ok: m.islands_move_redeem_ok },
};

const check = (v: { gameId: string; username: string; amount: string }) => {
  const e = checkGameMoveTyped({ gameId: v.gameId, userName: v.username, amount: v.amount });
  if (e.userName) {
    e.username = e.userName;
    delete e.userName;
  }
  return e;
};

/**
 * spec §2 Transfer to Game / Redeem from Game: a game, its user name (read-only, from the chosen game's credential)
 * and an amount. A real form that posts to /home without script; with it, the request goes through the API.
 */
export default function GameMoveForm({ kind, accounts: initialAccounts, walletCents: initialWallet, form: posted, formKey, formToken }: GameMoveFormProps) {
  const t = TEXT[kind];
  const accounts = (useSignalValue(gameAccounts, null) ?? initialAccounts).filter((a) => !a.creating && a.userName);
  const wallet = useSignalValue(walletCents, null) ?? initialWallet;
  const startGame = posted?.values?.gameId ?? '';
  const form = useForm({ gameId: startGame, username: accounts.find((a) => a.gameId === startGame)?.userName ?? '', amount: posted?.values?.amount ?? '' }, check);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<MoveResult | null>(null);
  const [failure, setFailure] = useState<string | null>(posted?.message ?? null);
  // A refused plain post's messages stay until the player submits again.
  const [postedErrors, setPostedErrors] = useState<Record<string, string>>(posted?.errors ?? {});
  const { values, set } = form;
  const errors = { ...postedErrors, ...form.errors };

  // Arriving from a refused plain post: keyboard and screen-reader users start at the first field to fix.
  useEffect(() => {
    if (posted?.errors && Object.keys(posted.errors).length) form.formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, []);
  const chosen = accounts.find((a) => a.gameId === values.gameId);
  const ids = { game: `${kind}-game`, user: `${kind}-username`, amount: `${kind}-amount` };

  function choose(gameId: string) {
    set('gameId', gameId);
    set('username', accounts.find((a) => a.gameId === gameId)?.userName ?? '');
    setDone(null);
  }

  const requestKey = useRequestKey();

  async function submit(e: React.FormEvent) {
    setDone(null);
    setFailure(null);
    setPostedErrors({});
    if (!form.attempt(e)) return;
    setBusy(true);
    let walletAmount: unknown;
    const game = chosen;
    try {
      const body = { gameId: values.gameId, userName: values.username, amount: (readAmount(values.amount) as { dollars: number }).dollars };
      const r = await api<{ walletAmount: number; gameBalance: number | null }>(t.path, {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': requestKey.for([t.path, body]) },
        inlineFields: ['gameId', 'userName', 'amount'],
        quietErrorTypes: ['INSUFFICIENT_FUNDS', 'GAME_BALANCE_TOO_LOW'],
      });
      requestKey.answered();
      walletAmount = r.walletAmount;
      if (r.success) {
        form.reset({ gameId: '', username: '', amount: '' });
        // The result stays in the form, where the player is looking: what moved, and both balances after it.
        setDone({ message: r.message || t.ok(), walletCents: dollarsToCents(r.walletAmount), gameName: game?.name ?? null, gameCents: dollarsToCents(r.gameBalance) });
      } else if (r.errorType === 'INSUFFICIENT_FUNDS') {
        form.showServerErrors({ amount: r.message || m.islands_insufficient() });
      } else {
        const { userName, ...rest } = r.fieldErrors;
        form.showServerErrors(userName ? { ...rest, username: userName } : rest);
      }
    } catch {
      // The API client has already told the player the network failed; the held key makes a retry move once.
    } finally {
      if (walletAmount !== undefined) applyWalletAmount(walletAmount);
      else await refreshBalance();
      await refreshGames();
      setBusy(false);
    }
  }

  return (
    <form className="form game-move-form" method="post" action={`/home#${kind}`} noValidate onSubmit={submit} ref={form.formRef} aria-busy={busy || undefined}>
      {busy && <LoaderOverlay label={t.loader()} />}
      <input type="hidden" name="_action" value={kind} />
      {formKey && <input type="hidden" name="_key" value={formKey} />}
      <FormToken value={formToken} />
      <FormFailure message={failure} />
      <div className="field">
        <label htmlFor={ids.game}>{m.islands_move_game()}</label>
        <select id={ids.game} name="gameId" value={values.gameId} onChange={(e) => choose(e.target.value)} {...describedBy(ids.game, errors.gameId)}>
          <option value="">{m.islands_move_select_game()}</option>
          {accounts.map((a) => (
            <option key={a.gameId} value={a.gameId}>
              {a.name}
            </option>
          ))}
        </select>
        <FieldError id={ids.game} error={errors.gameId} />
      </div>
      <div className="field">
        <label htmlFor={ids.user}>{m.islands_move_username()}</label>
        <input id={ids.user} name="username" value={values.username} readOnly placeholder={m.islands_move_username_placeholder()} {...describedBy(ids.user, errors.username)} />
        <FieldError id={ids.user} error={errors.username} />
      </div>
      <div className="field">
        <label htmlFor={ids.amount}>{m.islands_move_amount()}</label>
        <input
          id={ids.amount}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={values.amount}
          onChange={(e) => set('amount', e.target.value)}
          {...describedBy(ids.amount, errors.amount)}
        />
        <FieldError id={ids.amount} error={errors.amount} />
      </div>
      <p className="move-balances">
        <span>
          {`${m.islands_available_balance()} `}<strong>{formatCents(wallet)}</strong>
        </span>
        <span>
          {`${chosen ? m.islands_game_named_balance({ game: chosen.name }) : m.islands_game_balance_label()} `}
          <strong>{!chosen ? '—' : chosen.balanceCents === null ? m.islands_not_available() : formatCents(chosen.balanceCents)}</strong>
        </span>
      </p>
      <div role="status" className="move-result-region">
        {done && <MoveResultPanel result={done} />}
      </div>
      <SubmitButton busy={busy} label={t.button()} busyLabel={t.busy()} />
    </form>
  );
}

type MoveResult = { message: string; walletCents: number | null; gameName: string | null; gameCents: number | null };

/** A finished move: the server's sentence (amount and game), then the wallet's and the game's balances after it. */
function MoveResultPanel({ result }: { result: MoveResult }) {
  return (
    <div className="alert alert-success move-result">
      <p className="move-result-title">{result.message}</p>
      <p className="move-result-balances">
        {result.walletCents !== null && <span>{`${m.islands_wallet_balance_label()} `}<strong>{formatCents(result.walletCents)}</strong></span>}
        {result.gameName && result.gameCents !== null && <span>{`${m.islands_game_named_balance({ game: result.gameName })} `}<strong>{formatCents(result.gameCents)}</strong></span>}
      </p>
    </div>
  );
}
