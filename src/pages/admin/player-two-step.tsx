import { apiAction, enc } from './admin-page';
import { ActionForm } from './ui';

/** The player page's read of two-step verification (GET /admin/players/:id/2fa). */
export const twoStepRead = (id: string) => `/admin/players/${enc(id)}/2fa`;

/** Reset: for a player who lost phone and recovery codes; a reason and a tick, audited. */
export const resetTwoStepAction = apiAction('POST', (f) => `/admin/players/${enc(f.id ?? '')}/2fa/reset`, (f) => ({ reason: f.reason }), { confirm: true });

export function TwoStepFact({ read }: { read: { data?: { enabled?: boolean } } | null }) {
  return <div><dt>Two-step</dt><dd>{read?.data?.enabled ? 'On' : 'Off'}</dd></div>;
}

export function TwoStepReset({ id, read }: { id: string; read: { data?: { enabled?: boolean } } | null }) {
  if (!read?.data?.enabled) return null;
  return <ActionForm action="reset2fa" id={id} label="Reset two-step" danger confirm="They proved who they are; turn two-step verification off for them" />;
}
