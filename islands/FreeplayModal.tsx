import { m } from '../src/i18n/paraglide/messages.js';
import { Rich } from '../src/i18n/rich';
import { useEffect, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { checkFreeplay } from '../src/shared/schemas/wallet';
import { api } from './_client/api';
import { applyWalletAmount } from './_client/balance';
import { FREEPLAY_OPEN_EVENT } from './_client/freeplay';
import { toast } from './_client/toast';
import { SubmitButton } from './_ui/busy';
import { TextField } from './_ui/field';
import { FormToken } from './_ui/form-token';
import { Modal } from './_ui/modal';
import { ResultPanel } from './_ui/result-panel';
import { dollarsToCents, formatCents } from '../src/shared/money';

export type FreeplayModalProps = {
  /** The operator's community channel; none set, no link. */
  communityUrl?: string | null;
  /** The session's form token: the modal's form is the /freeplay page's plain form, should its submit beat the script. */
  formToken?: string;
};

/**
 * The freeplay code modal (spec §2): opened from the wallet menu (or anything that calls openFreeplay), it
 * redeems a code and updates the shared balance from the answer.
 */
export default function FreeplayModal({ communityUrl, formToken }: FreeplayModalProps) {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  // The answer to a redeemed code stays in the dialog until the player closes it: a 2-second toast alone was the
  // only word on what the code added (docs/decisions/wording.md, as for a withdrawal).
  const [done, setDone] = useState<{ message: string; walletCents: number | null } | null>(null);

  useEffect(() => {
    const show = () => setOpen(true);
    document.addEventListener(FREEPLAY_OPEN_EVENT, show);
    return () => document.removeEventListener(FREEPLAY_OPEN_EVENT, show);
  }, []);

  // The code is what the player came to type: focus it once the dialog is up (after the dialog's own focus).
  useEffect(() => {
    if (open) document.getElementById('freeplay-code')?.focus();
  }, [open]);

  function close() {
    if (busy) return;
    setOpen(false);
    setCode('');
    setError('');
    setTried(false);
    setDone(null);
  }

  function edit(v: string) {
    setCode(v);
    // After a refused submit the message follows the input, as every form here does (spec §4).
    if (tried) setError(checkFreeplay({ code: v }).code ?? '');
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    const invalid = checkFreeplay({ code }).code;
    if (invalid) return setError(invalid);
    setError('');
    setBusy(true);
    try {
      const r = await api<{ walletAmount: number }>('/freeplay/redeem', { method: 'POST', body: { code: code.trim() }, inlineFields: ['code'] });
      if (r.success) {
        applyWalletAmount(r.walletAmount);
        const message = r.message || m.islands_freeplay_redeemed_fallback();
        toast.success(message, { id: 'freeplay' });
        setBusy(false);
        setCode('');
        setTried(false);
        setDone({ message, walletCents: dollarsToCents(r.walletAmount) });
        return;
      }
      if (r.fieldErrors.code) setError(r.fieldErrors.code);
    } catch {
      // The API client has already told the player the network failed.
    }
    setBusy(false);
  }

  if (!open) return null;
  // Into <body>: the header that holds this island blurs its backdrop, which would make it the box a fixed
  // overlay is placed in, clipping the dialog to the header.
  return createPortal(
    <Modal title={m.islands_freeplay_title()} onClose={close}>
      {done ? (
        <div className="freeplay-done">
          <ResultPanel tone="success" title={m.islands_freeplay_redeemed()}>
            <p>{done.message}</p>
            {done.walletCents !== null && (
              <p>
                <Rich text={m.islands_freeplay_wallet({ amount: formatCents(done.walletCents) })} />
              </p>
            )}
          </ResultPanel>
          <button type="button" className="btn btn-primary btn-block" onClick={close}>
            {m.islands_freeplay_done()}
          </button>
        </div>
      ) : (
        <form className="form freeplay-form" method="post" action="/freeplay" noValidate onSubmit={submit} aria-busy={busy || undefined}>
          <FormToken value={formToken} />
          <p className="muted">{m.islands_freeplay_lead()}</p>
          <TextField
            id="freeplay-code"
            name="code"
            label={m.islands_freeplay_code()}
            value={code}
            onValue={edit}
            error={error}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
          />
          <div className="freeplay-actions">
            <SubmitButton busy={busy} label={m.islands_freeplay_submit()} busyLabel={m.islands_freeplay_submitting()} />
            {communityUrl && (
              <a className="btn btn-ghost btn-block" href={communityUrl} target="_blank" rel="noopener noreferrer">
                {m.islands_freeplay_telegram()}<span className="sr-only">{` ${m.islands_new_tab()}`}</span>
              </a>
            )}
          </div>
        </form>
      )}
    </Modal>,
    document.body,
  );
}
