import { m } from '../src/i18n/paraglide/messages.js';
import { useEffect, useRef, useState } from 'react';
import { amountTooLarge, formatCents } from '../src/shared/money';
import { readAmount } from '../src/shared/schemas/amount-input';
import { checkP2PTyped } from '../src/shared/schemas/wallet';
import { api } from './_client/api';
import { applyWalletAmount, refreshBalance } from './_client/balance';
import { idempotencyKey } from './_client/idempotency';
import { walletCents } from './_client/signals';
import { toast } from './_client/toast';
import { useSignalValue } from './_client/use-signal';
import { LoaderOverlay, SubmitButton } from './_ui/busy';
import { FormFailure, TextField } from './_ui/field';
import { FormToken } from './_ui/form-token';
import { ConfirmStep, ReceiptPanel, type Receipt, type Recipient } from './_ui/p2p-steps';
import { TotpField, useCodeAsked } from './_ui/totp-field';
import { useForm, type Posted } from './_ui/use-form';
import { withTotp } from '../src/shared/schemas/two-step';

export type P2PTransferFormProps = {
  walletCents: number;
  /** The site's largest amount (MAX_AMOUNT_DOLLARS), said before the balance, as the plain post says it. */
  maxCents?: number;
  /** A refused plain post: what was typed and why it was refused. */
  form?: Posted;
  /** The session's form token and the plain post's Idempotency-Key (a double submit sends once). */
  formToken?: string;
  formKey?: string;
  /** A sent transfer's receipt (the page's ?receipt=), shown until dismissed. */
  receipt?: Receipt | null;
  /** Two-step verification is on: a send carries a code. */
  twoStep?: boolean;
};

/** `totp`: a plain post's confirmation carries the code typed at the first step. */
type Confirming = { email: string; amount: number; recipient: Recipient; totp?: string };

/** A plain post's confirmation step comes back as form values (action 'confirm'). */
function postedConfirm(form: (Posted & { action?: string }) | undefined): Confirming | null {
  const v = form?.values;
  if (!form || form.action !== 'confirm' || !v?.email || !v.playerId) return null;
  return { email: v.email, amount: Number(v.amount), recipient: { name: v.name || null, playerId: Number(v.playerId) }, ...(v.totp && { totp: v.totp }) };
}

const setUrl = (search: string) => history.replaceState(history.state, '', '/p2p-transfer' + search);

/**
 * spec §2 P2P transfer: send credits to another player by e-mail, in three steps: the form, a confirmation that
 * names the receiver (name, Player ID) and the amount before anything moves, and a receipt that stays until
 * dismissed. Real forms posting to /p2p-transfer, so each step works before and without script; the amount is read
 * as people write it (`$5`, `1,000.50`), never silently trimmed.
 */
export default function P2PTransferForm(props: P2PTransferFormProps) {
  const given = props.form as (Posted & { action?: string }) | undefined;
  // A code is good once: a refused post never fills it back in.
  const posted = given && given.action !== 'confirm' ? { ...given, values: { ...given.values, totp: '' } } : null;
  const code = useCodeAsked(props.twoStep, given?.errors);
  const form = useForm({ email: '', amount: '', totp: '' }, withTotp(checkP2PTyped, code.asked), posted);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<Confirming | null>(() => postedConfirm(given));
  const [receipt, setReceipt] = useState<Receipt | null>(props.receipt ?? null);
  const live = useSignalValue(walletCents, null);
  // The confirmation's Idempotency-Key; a plain post's confirmation page comes with the server's.
  const key = useRef(props.formKey ?? '');
  if (!key.current) key.current = idempotencyKey();
  const { values, errors, set } = form;

  // Step 1: who would receive it, before anything moves.
  async function review(e: React.FormEvent) {
    if (!form.attempt(e)) return;
    const dollars = (readAmount(values.amount) as { dollars: number }).dollars;
    // More than the wallet holds is said at once; the ledger still decides when the transfer is sent.
    // Any size: a figure beyond what cents hold exactly is still more than the wallet holds.
    if (props.maxCents !== undefined && Math.round(dollars * 100) > props.maxCents) return form.showServerErrors({ amount: amountTooLarge(props.maxCents) });
    if (Math.round(dollars * 100) > (live ?? props.walletCents)) return form.showServerErrors({ amount: m.islands_insufficient() });
    setBusy(true);
    try {
      const email = values.email.trim();
      const r = await api<{ recipient: Recipient }>(`/transfer/recipient?email=${encodeURIComponent(email)}`, { inlineFields: ['email'] });
      if (r.success && r.recipient) {
        // One key per confirmation: a double press sends once; a later, deliberate retry is a new request.
        key.current = idempotencyKey();
        setConfirming({ email, amount: dollars, recipient: r.recipient });
      } else form.showServerErrors(r.fieldErrors);
    } catch {
      // The API client has already told the player the network failed.
    } finally {
      setBusy(false);
    }
  }

  // Back from the confirmation: the button pressed is gone, so focus goes to the amount, where a change usually is.
  const backToForm = useRef(false);
  useEffect(() => {
    if (confirming || !backToForm.current) return;
    backToForm.current = false;
    form.formRef.current?.querySelector<HTMLInputElement>('#p2p-amount')?.focus();
  }, [confirming]);

  // Step 2: the player confirmed (or went back to change something).
  async function send(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (!confirming) return;
    if (submitter?.value === 'edit') {
      backToForm.current = true;
      return setConfirming(null);
    }
    setBusy(true);
    let walletAmount: unknown;
    try {
      const r = await api<{ walletAmount: number; receipt?: Receipt }>('/transfer/p2p-transfer', {
        method: 'POST',
        body: { email: confirming.email, amount: confirming.amount, ...(code.asked && { totp: (confirming.totp ?? values.totp).trim() }) },
        headers: { 'Idempotency-Key': key.current },
        inlineFields: ['email', 'amount', 'totp'],
        quietErrorTypes: ['INSUFFICIENT_FUNDS'],
      });
      walletAmount = r.walletAmount;
      code.note(r.errorType);
      setConfirming(null);
      if (r.success) {
        form.reset();
        if (r.receipt) {
          setReceipt(r.receipt);
          // A reload keeps the receipt on screen.
          setUrl(`?receipt=${encodeURIComponent(r.receipt.transactionId)}`);
        } else toast.success(r.message || m.islands_move_transfer_ok(), { id: 'p2p-transfer' });
      } else if (r.errorType === 'INSUFFICIENT_FUNDS') {
        form.showServerErrors({ amount: r.message || m.islands_insufficient() });
      } else form.showServerErrors(r.fieldErrors);
    } catch {
      // The API client has already told the player the network failed; the same key makes a retry send once.
    } finally {
      // spec §4: the wallet is re-read after any attempt, whatever its outcome.
      if (walletAmount !== undefined) applyWalletAmount(walletAmount);
      else await refreshBalance();
      setBusy(false);
    }
  }

  if (receipt)
    return (
      <ReceiptPanel
        receipt={receipt}
        walletCents={live ?? props.walletCents}
        onDismiss={() => {
          setReceipt(null);
          setUrl('');
        }}
      />
    );
  if (confirming)
    return (
      <>
        {busy && <LoaderOverlay label={m.islands_p2p_sending()} />}
        <ConfirmStep {...confirming} busy={busy} formToken={props.formToken} formKey={key.current} onSubmit={send} />
      </>
    );
  return (
    <form className="form p2p-form" method="post" action="/p2p-transfer" noValidate onSubmit={review} ref={form.formRef} aria-busy={busy || undefined}>
      <FormToken value={props.formToken} />
      <FormFailure message={props.form?.message} />
      <TextField
        id="p2p-email"
        name="email"
        label={m.islands_p2p_email()}
        type="email"
        autoComplete="off"
        placeholder={m.islands_p2p_email_placeholder()}
        value={values.email}
        onValue={(v) => set('email', v.replace(/^\s+/, ''))}
        error={errors.email}
      />
      <TextField
        id="p2p-amount"
        name="amount"
        label={m.islands_p2p_amount()}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        value={values.amount}
        onValue={(v) => set('amount', v)}
        error={errors.amount}
      />
      {code.asked && <TotpField id="p2p-totp" value={values.totp} onValue={(v) => set('totp', v)} error={errors.totp} />}
      <p className="p2p-available">
        {`${m.islands_available_balance()} `}<strong>{formatCents(live ?? props.walletCents)}</strong>
      </p>
      <SubmitButton busy={busy} label={m.islands_p2p_transfer()} busyLabel={m.islands_checking()} />
    </form>
  );
}
