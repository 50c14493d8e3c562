import { m } from '../src/i18n/paraglide/messages.js';
import { FormToken } from './_ui/form-token';
import { useState, type FormEvent } from 'react';
import { api } from './_client/api';
import { toast } from './_client/toast';

export type DepositSimulatorProps = { depositId: string; action: string; formToken?: string;
  /** The deposit is paid already: one more payment is a second payment, and says so. */
  paid?: boolean };

const BUTTONS: { action: string; label: () => string }[] = [
  { action: 'pay', label: m.islands_sim_pay },
  { action: 'pay-part', label: m.islands_sim_pay_part },
  { action: 'overpay', label: m.islands_sim_overpay },
  { action: 'pay-late', label: m.islands_sim_pay_late },
  { action: 'received', label: m.islands_sim_received },
  { action: 'confirm', label: m.islands_sim_confirm },
];
// Once paid, the invoice can still be paid again (as a wallet could): the one button left says that is what it does.
const AGAIN = [{ action: 'pay', label: m.islands_sim_again }];

/** A deposit answer whose credits reach what it asked: paid. */
const paidIn = (data: unknown) => {
  const d = data as { amount?: number; credited?: number } | undefined;
  return !!d && typeof d.amount === 'number' && typeof d.credited === 'number' && d.credited >= d.amount;
};

/**
 * The sandbox's Simulate payment panel (never in production): each button pays this deposit's invoice as a wallet
 * would, and the site hears of it through the same signed webhook as from BTCPay. Without scripts it is a plain
 * form; with them the page updates live from the pushes instead of reloading.
 */
export default function DepositSimulator({ depositId, action, formToken, paid: paidAtFirst = false }: DepositSimulatorProps) {
  const [busy, setBusy] = useState<string | null>(null);
  // Paid when the page was drawn, or by a press here (the simulation's answer carries the deposit).
  const [paid, setPaid] = useState(paidAtFirst);

  async function submit(e: FormEvent<HTMLFormElement>) {
    const button = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (!button?.value) return;
    e.preventDefault();
    setBusy(button.value);
    try {
      const r = await api(`/sandbox/deposits/${encodeURIComponent(depositId)}/simulate`, { method: 'POST', body: { action: button.value } });
      if (r.success) toast.success(m.islands_sim_done(), { id: 'deposit-simulate' });
      if (paidIn(r.data)) setPaid(true);
    } catch {
      // The API client has already told the player the network failed.
    }
    setBusy(null);
  }

  return (
    <section className="card deposit-simulator" aria-labelledby="simulate-title">
      <h2 id="simulate-title" className="card-title">{paid ? m.islands_sim_again() : m.islands_sim_title()}</h2>
      <p className="muted">
        {paid ? m.islands_sim_paid_note() : m.islands_sim_note()}
      </p>
      <form method="post" action={action} onSubmit={submit} aria-busy={busy ? true : undefined}>
        <input type="hidden" name="_action" value="simulate" />
        <input type="hidden" name="depositId" value={depositId} />
        <FormToken value={formToken} />
        <div className="simulate-buttons">
          {(paid ? AGAIN : BUTTONS).map((b) => (
            <button key={b.action} type="submit" name="simulate" value={b.action} className="btn btn-ghost btn-sm" disabled={busy !== null}>
              {busy === b.action && <span className="spinner spinner-inline" aria-hidden="true" />}
              {b.label()}
            </button>
          ))}
        </div>
      </form>
    </section>
  );
}
