import { useState } from 'react';
import { formatCents } from '../src/shared/money';
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
import { TotpField, useCodeAsked } from './_ui/totp-field';
import { useForm, type Posted } from './_ui/use-form';
import { withTotp } from '../src/shared/schemas/two-step';

export type P2PTransferFormProps = {
  walletCents: number;
  /** A refused plain post: what was typed and why it was refused. */
  form?: Posted;
  /** The session's form token and the plain post's Idempotency-Key (a double submit sends once). */
  formToken?: string;
  formKey?: string;
  /** Two-step verification is on: a send carries a code. */
  twoStep?: boolean;
};

/**
 * spec §2 P2P transfer: send credits to another player by e-mail. A real form posting to /p2p-transfer, so it works
 * before and without script; the amount is read as people write it (`$5`, `1,000.50`), never silently trimmed.
 */
export default function P2PTransferForm(props: P2PTransferFormProps) {
  // A code is good once: a refused post never fills it back in.
  const posted = props.form ? { ...props.form, values: { ...props.form.values, totp: '' } } : props.form;
  const code = useCodeAsked(props.twoStep, props.form?.errors);
  const form = useForm({ email: '', amount: '', totp: '' }, withTotp(checkP2PTyped, code.asked), posted);
  const [busy, setBusy] = useState(false);
  const live = useSignalValue(walletCents, null);
  const { values, errors, set } = form;

  async function submit(e: React.FormEvent) {
    if (!form.attempt(e)) return;
    setBusy(true);
    let walletAmount: unknown;
    try {
      const r = await api<{ walletAmount: number }>('/transfer/p2p-transfer', {
        method: 'POST',
        body: { email: values.email.trim(), amount: (readAmount(values.amount) as { dollars: number }).dollars, ...(code.asked && { totp: values.totp.trim() }) },
        headers: { 'Idempotency-Key': idempotencyKey() },
        inlineFields: ['email', 'amount', 'totp'],
        quietErrorTypes: ['INSUFFICIENT_FUNDS'],
      });
      walletAmount = r.walletAmount;
      code.note(r.errorType);
      if (r.success) {
        form.reset();
        toast.success(r.message || 'Transfer successful.', { id: 'p2p-transfer' });
      } else if (r.errorType === 'INSUFFICIENT_FUNDS') {
        form.showServerErrors({ amount: r.message || 'Insufficient balance' });
      } else form.showServerErrors(r.fieldErrors);
    } catch {
      // The API client has already told the player the network failed.
    } finally {
      // spec §4: the wallet is re-read after any attempt, whatever its outcome.
      if (walletAmount !== undefined) applyWalletAmount(walletAmount);
      else await refreshBalance();
      setBusy(false);
    }
  }

  return (
    <form className="form p2p-form" method="post" action="/p2p-transfer" noValidate onSubmit={submit} ref={form.formRef} aria-busy={busy || undefined}>
      {busy && <LoaderOverlay label="Sending credits..." />}
      <FormToken value={props.formToken} />
      {props.formKey && <input type="hidden" name="_key" value={props.formKey} />}
      <FormFailure message={props.form?.message} />
      <TextField
        id="p2p-email"
        name="email"
        label="Receiver Email"
        type="email"
        autoComplete="off"
        placeholder="friend@example.com"
        value={values.email}
        onValue={(v) => set('email', v.replace(/^\s+/, ''))}
        error={errors.email}
      />
      <TextField
        id="p2p-amount"
        name="amount"
        label="Amount"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        value={values.amount}
        onValue={(v) => set('amount', v)}
        error={errors.amount}
      />
      {code.asked && <TotpField id="p2p-totp" value={values.totp} onValue={(v) => set('totp', v)} error={errors.totp} />}
      <p className="p2p-available">
        Available balance: <strong>{formatCents(live ?? props.walletCents)}</strong>
      </p>
      <SubmitButton busy={busy} label="Transfer" busyLabel="Transferring..." />
    </form>
  );
}
