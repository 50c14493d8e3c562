import { m } from '../../i18n/paraglide/messages.js';

/**
 * The dashboard's fixed bar (spec §2): Player ID, Deposit and 'How to Deposit with CashApp'. Deposit reaches the
 * deposit form on /deposit-bitcoin without script; with it, the deposit modal opens on `[data-deposit-open]`.
 */
export function PlayerBar({ playerId, paused = null }: { playerId: number; paused?: string | null }) {
  return (
    <div className="player-bar">
      <div className="player-bar-inner">
        <p className="player-id">
          {`${m.pages_bar_player_id()} `}<strong>{playerId}</strong>
        </p>
        <p className="player-bar-hint">
          <a href="/support#how-to-deposit-with-cashapp">{m.pages_bar_cashapp()}</a>
        </p>
        {paused ? (
          // Closed by a cool-off or self-exclusion: the reason is beside the hero's Deposit Now (#deposit-paused).
          <button type="button" className="btn btn-primary btn-sm" disabled aria-describedby="deposit-paused">
            {m.pages_bar_deposit()}
          </button>
        ) : (
          <a className="btn btn-primary btn-sm" href="/deposit-bitcoin" data-deposit-open="">
            {m.pages_bar_deposit()}
          </a>
        )}
      </div>
    </div>
  );
}
