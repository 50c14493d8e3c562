import { m } from '../../src/i18n/paraglide/messages.js';
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { dollarsToCents, formatCents } from '../../src/shared/money';
import { useHydrated } from '../_client/use-hydrated';
import { FormToken } from './form-token';
import { formatTime } from './format-time';

export type Recipient = { name: string | null; playerId: number };
/** GET /transfer/receipt/:id's receipt, also in the transfer's answer. */
export type Receipt = { transactionId: string; amount: number; recipient: Recipient & { email: string }; createdAt: string };

const dollars = (amount: number) => formatCents(dollarsToCents(amount) ?? Math.round(amount * 100));
/** The receiver's headline: their (masked) name, or their Player ID when the account has no name. */
const nameOf = (r: Recipient) => r.name ?? m.islands_p2p_player_id({ id: r.playerId });

/** A heading that takes focus when its step appears, so keyboard and screen-reader users land on it. */
function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h2 ref={ref} tabIndex={-1} className="p2p-step-title">
      {children}
    </h2>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="p2p-facts">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

type ConfirmProps = {
  email: string;
  /** The two-step code typed at the first step, carried to Send by the plain post. */
  totp?: string;
  amount: number;
  recipient: Recipient;
  busy: boolean;
  formToken?: string;
  formKey?: string;
  /** With script: the island sends or goes back itself; without, the buttons post `_action` send or edit. */
  onSubmit?: (e: FormEvent<HTMLFormElement>) => void;
};

/** The step before anything moves: who receives (name, Player ID, e-mail) and how much. */
export function ConfirmStep({ email, totp, amount, recipient, busy, formToken, formKey, onSubmit }: ConfirmProps) {
  return (
    <form className="form p2p-confirm" method="post" action="/p2p-transfer" onSubmit={onSubmit} aria-busy={busy || undefined}>
      <StepHeading>{m.islands_p2p_confirm_title()}</StepHeading>
      <p className="muted">{m.islands_p2p_confirm_lead()}</p>
      <Facts rows={[[m.islands_p2p_recipient(), nameOf(recipient)], ...(recipient.name ? [[m.islands_p2p_player_id_term(), String(recipient.playerId)] as [string, string]] : []), [m.islands_p2p_email_term(), email], [m.islands_p2p_amount(), dollars(amount)]]} />
      <FormToken value={formToken} />
      {formKey && <input type="hidden" name="_key" value={formKey} />}
      <input type="hidden" name="email" value={email} />
      <input type="hidden" name="amount" value={String(amount)} />
      {totp && <input type="hidden" name="totp" value={totp} />}
      <button type="submit" name="_action" value="send" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy || undefined}>
        {busy && <span className="spinner spinner-inline" aria-hidden="true" />}
        {busy ? m.islands_move_transfer_busy() : m.islands_p2p_send({ amount: dollars(amount) })}
      </button>
      <button type="submit" name="_action" value="edit" className="btn btn-ghost btn-block" disabled={busy} formNoValidate>
        {m.islands_p2p_back()}
      </button>
    </form>
  );
}

/** The receipt after the move; it stays until the player dismisses it. */
export function ReceiptPanel({ receipt, walletCents, onDismiss }: { receipt: Receipt; walletCents?: number; onDismiss?: () => void }) {
  const local = useHydrated();
  const r = receipt.recipient;
  return (
    <section className="p2p-receipt" aria-labelledby="p2p-receipt-title">
      <h2 id="p2p-receipt-title" className="p2p-step-title" tabIndex={-1} ref={(el) => el?.focus()}>
        {m.islands_p2p_sent_title()}
      </h2>
      <Facts
        rows={[
          [m.islands_p2p_amount(), dollars(receipt.amount)],
          [m.islands_p2p_recipient(), r.name ? m.islands_p2p_named({ name: r.name, id: r.playerId }) : nameOf(r)],
          [m.islands_p2p_email_term(), r.email],
          [m.islands_tx_col_id(), receipt.transactionId],
          [m.islands_tx_col_time(), <time dateTime={receipt.createdAt}>{formatTime(receipt.createdAt, local)}</time>],
          // What the wallet holds now, as the game moves and freeplay say after theirs.
          ...(walletCents !== undefined ? [[m.islands_wallet_balance(), formatCents(walletCents)] as [string, string]] : []),
        ]}
      />
      <a
        className="btn btn-primary btn-block"
        href="/p2p-transfer"
        onClick={(e) => {
          if (!onDismiss) return;
          e.preventDefault();
          onDismiss();
        }}
      >
        {m.islands_done()}
      </a>
    </section>
  );
}
