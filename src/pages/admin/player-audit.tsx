import { enc } from './admin-page';
import { Table, when, type Row } from './ui';

/** How many of a player's latest audit rows their console page shows; the audit log has the rest. */
export const PLAYER_AUDIT_ROWS = 20;

/** The API read for a player's latest audit rows: about the account, and about their withdrawals, deposits and identity. */
export const playerAuditRead = (id: string) => `/admin/audit?target=${enc(id)}&limit=${PLAYER_AUDIT_ROWS}`;

/** What was done to this player, newest first, with the way to all of it in the audit log. */
export function PlayerAuditTrail({ id, read }: { id: string; read: Row | undefined }) {
  const entries: Row[] = read?.entries ?? [];
  const total: number = read?.pagination?.total ?? entries.length;
  return (
    <>
      <h2 className="admin-subtitle" id="audit-trail">Audit trail</h2>
      <Table
        head={['When (UTC)', 'Operator', 'Action', 'On', 'Reason']}
        empty={read?.entries ? 'No operator action recorded for this player.' : 'The audit trail could not be read.'}
        rows={entries.map((e) => [when(e.at), e.actor, e.action, e.targetType === 'user' ? 'account' : <span className="admin-mono">{e.targetType} {e.targetId}</span>, e.reason ?? ''])}
      />
      <p><a href={`/admin/audit?target=${enc(id)}`}>{total > entries.length ? `All ${total} in the audit log` : 'Open in the audit log'}</a></p>
    </>
  );
}
