import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { dollarsToCents, formatCents } from '../../src/shared/money';
import { useHydrated } from '../_client/use-hydrated';
import { FormToken } from './form-token';
import { formatTime } from './history-format';

export type Recipient = { name: string | null; playerId: number };
/** GET /transfer/receipt/:id's receipt, also in the transfer's answer. */
export type Receipt = { transactionId: string; amount: number; recipient: Recipient & { email: string }; createdAt: string };

const dollars = (amount: number) => formatCents(dollarsToCents(amount) ?? Math.round(amount * 100));
/** The receiver's headline: their (masked) name, or their Player ID when the account has no name. */
const nameOf = (r: Recipient) => r.name ?? `Player ID ${r.playerId}`;

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
      <StepHeading>Confirm the transfer</StepHeading>
      <p className="muted">Check who receives the credits. Nothing moves until you confirm.</p>
      <Facts rows={[['Recipient', nameOf(recipient)], ...(recipient.name ? [['Player ID', String(recipient.playerId)] as [string, string]] : []), ['Email', email], ['Amount', dollars(amount)]]} />
      <FormToken value={formToken} />
      {formKey && <input type="hidden" name="_key" value={formKey} />}
      <input type="hidden" name="email" value={email} />
      <input type="hidden" name="amount" value={String(amount)} />
      {totp && <input type="hidden" name="totp" value={totp} />}
      <button type="submit" name="_action" value="send" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy || undefined}>
        {busy && <span className="spinner spinner-inline" aria-hidden="true" />}
        {busy ? 'Transferring...' : `Send ${dollars(amount)}`}
      </button>
      <button type="submit" name="_action" value="edit" className="btn btn-ghost btn-block" disabled={busy} formNoValidate>
        Back
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
        Transfer sent
      </h2>
      <Facts
        rows={[
          ['Amount', dollars(receipt.amount)],
          ['Recipient', r.name ? `${r.name} (Player ID ${r.playerId})` : nameOf(r)],
          ['Email', r.email],
          ['Transaction ID', receipt.transactionId],
          ['Time', <time dateTime={receipt.createdAt}>{formatTime(receipt.createdAt, local)}</time>],
          // What the wallet holds now, as the game moves and freeplay say after theirs.
          ...(walletCents !== undefined ? [['Wallet balance', formatCents(walletCents)] as [string, string]] : []),
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
        Done
      </a>
    </section>
  );
}
