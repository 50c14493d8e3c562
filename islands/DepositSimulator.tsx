import { m } from '../src/i18n/paraglide/messages.js';
import { FormToken } from './_ui/form-token';
import { useState, type FormEvent } from 'react';
import { dollarsToCents } from '../src/shared/money';
import { api } from './_client/api';
import { toast } from './_client/toast';
import { arrivedState, type ArrivedState } from './_ui/deposit-phase';

export type DepositSimulatorProps = { depositId: string; action: string; formToken?: string;
  /** What has arrived when the page was drawn: once anything has, one more payment is a second payment, and says so. */
  arrived?: ArrivedState };

type Button = { action: string; label: () => string };
const BUTTONS: Button[] = [
  { action: 'pay', label: m.islands_sim_pay },
  { action: 'pay-part', label: m.islands_sim_pay_part },
  { action: 'overpay', label: m.islands_sim_overpay },
  { action: 'pay-late', label: m.islands_sim_pay_late },
  { action: 'received', label: m.islands_sim_received },
  { action: 'confirm', label: m.islands_sim_confirm },
];
// Once anything has arrived, the invoice can still be paid again (as a wallet could): the pay button says that is what
// it does, and nothing offers to pay it as if it were not. A payment still confirming can be confirmed.
const AGAIN: Button = { action: 'pay', label: m.islands_sim_again };
const CONFIRM = BUTTONS.find((b) => b.action === 'confirm')!;
const PANEL: Record<ArrivedState, { title: () => string; note: () => string; buttons: Button[] }> = {
  none: { title: m.islands_sim_title, note: m.islands_sim_note, buttons: BUTTONS },
  confirming: { title: m.islands_sim_title, note: m.islands_sim_confirming_note, buttons: [CONFIRM, AGAIN] },
  part: { title: m.islands_sim_again, note: m.islands_sim_part_note, buttons: [AGAIN] },
  paid: { title: m.islands_sim_again, note: m.islands_sim_paid_note, buttons: [AGAIN] },
};

/** The same from a deposit answer of the API (dollars); null when it is not one. */
function arrivedIn(data: unknown): ArrivedState | null {
  const d = data as { amount?: unknown; credited?: unknown; held?: unknown; processing?: unknown } | undefined;
  const cents = (v: unknown) => (typeof v === 'number' ? dollarsToCents(v) : null);
  const [amountCents, creditedCents, heldCents, processingCents] = [d?.amount, d?.credited, d?.held ?? 0, d?.processing].map(cents);
  if (amountCents === null || creditedCents === null || heldCents === null || processingCents === null) return null;
  return arrivedState({ amountCents, creditedCents, heldCents, processingCents });
}

/**
 * The sandbox's Simulate payment panel (never in production): each button pays this deposit's invoice as a wallet
 * would, and the site hears of it through the same signed webhook as from BTCPay. Without scripts it is a plain
 * form; with them the page updates live from the pushes instead of reloading.
 */
export default function DepositSimulator({ depositId, action, formToken, arrived: atFirst = 'none' }: DepositSimulatorProps) {
  const [busy, setBusy] = useState<string | null>(null);
  // As the page was drawn, then as each press's answer says (the simulation's answer carries the deposit).
  const [arrived, setArrived] = useState<ArrivedState>(atFirst);
  const panel = PANEL[arrived];

  async function submit(e: FormEvent<HTMLFormElement>) {
    const button = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (!button?.value) return;
    e.preventDefault();
    setBusy(button.value);
    try {
      const r = await api(`/sandbox/deposits/${encodeURIComponent(depositId)}/simulate`, { method: 'POST', body: { action: button.value } });
      if (r.success) toast.success(m.islands_sim_done(), { id: 'deposit-simulate' });
      const now = arrivedIn(r.data);
      if (now) setArrived(now);
    } catch {
      // The API client has already told the player the network failed.
    }
    setBusy(null);
  }

  return (
    <section className="card deposit-simulator" aria-labelledby="simulate-title">
      <h2 id="simulate-title" className="card-title">{panel.title()}</h2>
      <p className="muted">
        {panel.note()}
      </p>
      <form method="post" action={action} onSubmit={submit} aria-busy={busy ? true : undefined}>
        <input type="hidden" name="_action" value="simulate" />
        <input type="hidden" name="depositId" value={depositId} />
        <FormToken value={formToken} />
        <div className="simulate-buttons">
          {panel.buttons.map((b) => (
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
