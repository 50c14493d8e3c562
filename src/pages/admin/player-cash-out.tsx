import { apiAction, enc } from './admin-page';
import { ActionForm, when } from './ui';

type Read = { data?: { frozen: { reason: string; at: string; caseId: string | null } | null; openCases: number } } | null;

/** The player page's read of their cash-out and open cases (GET /admin/players/:id/cash-out). */
export const cashOutRead = (id: string) => `/admin/players/${enc(id)}/cash-out`;

/** Unfreeze: a reason and a tick, audited; the withdrawals no open case holds are then sent. */
export const unfreezeAction = apiAction('POST', (f) => `/admin/players/${enc(f.id ?? '')}/unfreeze`, (f) => ({ reason: f.reason }), { confirm: true });

export function CashOutFact({ id, read }: { id: string; read: Read }) {
  const d = read?.data;
  if (!d) return null;
  return (
    <>
      <div><dt>Cash-out</dt><dd className={d.frozen ? 'admin-danger' : undefined}>{d.frozen ? `Frozen ${when(d.frozen.at)}: ${d.frozen.reason}` : 'Open'}</dd></div>
      <div><dt>Open cases</dt><dd><a href={`/admin/cases?status=all&player=${enc(id)}`}>{d.openCases}</a></dd></div>
    </>
  );
}

export function UnfreezeCashOut({ id, read }: { id: string; read: Read }) {
  if (!read?.data?.frozen) return null;
  return <ActionForm action="unfreeze" id={id} label="Unfreeze cash-out" reasonLabel="Reason (kept in the audit log)" confirm="Let the player withdraw again (withdrawals no open case holds are sent)" />;
}
