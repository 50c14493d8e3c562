import { useState } from 'react';
import { formatCents } from '../src/shared/money';
import { AMOUNT_TYPING, checkP2P } from '../src/shared/schemas/wallet';
import { api } from './_client/api';
import { applyWalletAmount, refreshBalance } from './_client/balance';
import { idempotencyKey } from './_client/idempotency';
import { walletCents } from './_client/signals';
import { toast } from './_client/toast';
import { useSignalValue } from './_client/use-signal';
import { LoaderOverlay, SubmitButton } from './_ui/busy';
import { TextField } from './_ui/field';
import { useForm } from './_ui/use-form';

export type P2PTransferFormProps = { walletCents: number };

// spec §5: what the amount box accepts as typed — digits, at most one decimal point, at most two decimals.

/** spec §2 P2P transfer: send credits to another player by e-mail. */
export default function P2PTransferForm(props: P2PTransferFormProps) {
  const form = useForm({ email: '', amount: '' }, checkP2P);
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
        body: { email: values.email.trim(), amount: Number(values.amount) },
        headers: { 'Idempotency-Key': idempotencyKey() },
        inlineFields: ['email', 'amount'],
        quietErrorTypes: ['INSUFFICIENT_FUNDS'],
      });
      walletAmount = r.walletAmount;
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
    <form className="form p2p-form" noValidate onSubmit={submit} ref={form.formRef} aria-busy={busy || undefined}>
      {busy && <LoaderOverlay label="Sending credits..." />}
      <TextField
        id="p2p-email"
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
        label="Amount"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        value={values.amount}
        onValue={(v) => AMOUNT_TYPING.test(v) && set('amount', v)}
        error={errors.amount}
      />
      <p className="p2p-available">
        Available balance: <strong>{formatCents(live ?? props.walletCents)}</strong>
      </p>
      <SubmitButton busy={busy} label="Transfer" busyLabel="Transferring..." />
    </form>
  );
}
