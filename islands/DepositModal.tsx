import { m } from '../src/i18n/paraglide/messages.js';
import { useEffect, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { readAmount } from '../src/shared/schemas/amount-input';
import { checkDepositTyped } from '../src/shared/schemas/deposit';
import { api } from './_client/api';
import { depositPageUrl } from '../src/shared/paths';
import { DEPOSIT_OPEN_EVENT } from './_client/deposit';
import { idempotencyKey } from './_client/idempotency';
import { navigation } from './_client/navigate';
import { SubmitButton } from './_ui/busy';
import { TextField } from './_ui/field';
import { Modal } from './_ui/modal';

type Created = { data: { depositId: string; payment_methods: { paymentMethodId: string; destination: string }[] } };

/**
 * The deposit modal (spec §2), opened by any `[data-deposit-open]` link on the page. Its form is the same plain
 * form /deposit-bitcoin serves, so a submit that beats the script still works; here it posts through the API and
 * goes to the deposit page with the addresses.
 */
export type DepositModalProps = {
  /** A cool-off or self-exclusion closes deposits: the modal says why instead of taking an amount. */
  paused?: string | null;
};

export default function DepositModal({ paused = null }: DepositModalProps) {
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState('');

  useEffect(() => {
    const show = () => {
      setKey(idempotencyKey());
      setOpen(true);
    };
    const onClick = (e: MouseEvent) => {
      const link = (e.target as Element | null)?.closest?.('[data-deposit-open]');
      if (!link || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
      e.preventDefault();
      show();
    };
    document.addEventListener('click', onClick);
    document.addEventListener(DEPOSIT_OPEN_EVENT, show);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener(DEPOSIT_OPEN_EVENT, show);
    };
  }, []);

  useEffect(() => {
    if (open) document.getElementById('deposit-amount')?.focus();
  }, [open]);

  function close() {
    if (busy) return;
    // spec §2: closing resets the amount and the error.
    setOpen(false);
    setAmount('');
    setError('');
    setTried(false);
  }

  function edit(v: string) {
    // Whatever is typed stays in the box; a refusal says why rather than dropping characters.
    setAmount(v);
    if (tried) setError(checkDepositTyped({ amount: v }).amount ?? '');
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    const invalid = checkDepositTyped({ amount }).amount;
    if (invalid) return setError(invalid);
    setError('');
    setBusy(true);
    try {
      const r = await api<Created>('/btc/create-deposit-request', { method: 'POST', body: { amount: (readAmount(amount) as { text: string }).text }, inlineFields: ['amount'], headers: { 'Idempotency-Key': key } });
      if (r.success && r.data) return navigation.assign(depositPageUrl(r.data));
      if (r.fieldErrors.amount) setError(r.fieldErrors.amount);
      // A refused request made nothing: the next try (a smaller amount after a limit) is a new request, with its own key.
      setKey(idempotencyKey());
    } catch {
      // The API client has already told the player the network failed.
    }
    setBusy(false);
  }

  if (!open) return null;
  return createPortal(
    <Modal title={m.islands_deposit_modal_title()} onClose={close}>
      {paused ? (
        <p className="paused-reason" role="status">{paused}</p>
      ) : (
      <form className="form deposit-form" method="post" action="/deposit-bitcoin" noValidate onSubmit={submit} aria-busy={busy || undefined}>
        <input type="hidden" name="_action" value="create" />
        <input type="hidden" name="_key" value={key} />
        <TextField id="deposit-amount" name="amount" label={m.islands_deposit_amount_label()} value={amount} onValue={edit} error={error} inputMode="decimal" autoComplete="off" placeholder="0.00" />
        <p className="muted deposit-ln-note">{m.islands_deposit_ln_note()}</p>
        <SubmitButton busy={busy} label={m.islands_deposit_confirm()} busyLabel={m.islands_deposit_creating()} />
      </form>
      )}
    </Modal>,
    document.body,
  );
}
