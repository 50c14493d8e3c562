import { adminLoad, adminPage, apiAction, enc } from './admin-page';
import { ActionForm, AdminShell, when, type Row } from './ui';
import { ID_TYPES } from '../../services/identity/identity.context';

/**
 * /admin/identity/:id: the documents (served by the app to operators only, never cached, each view audited) beside
 * the details the player gave; Approve or Reject, each with a reason.
 */
export default adminPage({
  title: 'Identity review',
  load: async (ctx) => {
    const data = await adminLoad(ctx, { detail: `/admin/identity/${enc(ctx.params.id ?? '')}` });
    if (!data.detail?.submission) throw new Response(null, { status: 303, headers: { location: '/admin/identity' } });
    return data;
  },
  actions: {
    approve: apiAction('POST', (f) => `/admin/identity/${enc(f.id ?? '')}/approve`, (f) => ({ reason: f.reason })),
    reject: apiAction('POST', (f) => `/admin/identity/${enc(f.id ?? '')}/reject`, (f) => ({ reason: f.reason })),
  },
  render: (ctx) => {
    const s: Row = (ctx.data as any).detail.submission;
    const player: Row = (ctx.data as any).detail.player;
    const a = s.address;
    const src = (part: string) => `/api/v1/admin/identity/${enc(s.id)}/documents/${part}`;
    return (
      <AdminShell ctx={ctx} title={`Identity: ${s.legalName}`}>
        {s.status === 'submitted' && s.reviewNote && <p className="alert alert-info" role="note" data-review-note="">{s.reviewNote}</p>}
        <div className="identity-review">
          <dl className="admin-facts">
            <div><dt>Player</dt><dd><a href={`/admin/players/${enc(s.userId)}`}>{s.email}</a></dd></div>
            <div><dt>Status</dt><dd>{s.status}{s.reason ? `: ${s.reason}` : ''}{s.decidedBy ? ` (${s.decidedBy}, ${when(s.decidedAt)})` : ''}</dd></div>
            <div><dt>Legal name</dt><dd>{s.legalName}</dd></div>
            <div><dt>Date of birth</dt><dd>{s.dateOfBirth}</dd></div>
            <div><dt>Address</dt><dd>{a.line1}{a.line2 ? `, ${a.line2}` : ''}, {a.city}, {a.state} {a.postalCode}</dd></div>
            <div><dt>ID type</dt><dd>{ID_TYPES[s.idType]?.label ?? s.idType}</dd></div>
            <div><dt>Tax details</dt><dd>{player?.tax ? `${player.tax.type} ${player.tax.masked}` : 'none'}</dd></div>
            <div><dt>Submitted</dt><dd>{when(s.createdAt)}{s.vendor ? ` (checked by ${s.vendor})` : ''}</dd></div>
          </dl>
          <div className="identity-documents">
            {s.documentsDeletedAt && <p>Documents deleted under the retention period on {when(s.documentsDeletedAt)}.</p>}
            {(s.documents as Row[]).map((d) => (
              <figure key={d.part} className="identity-document">
                {d.type === 'application/pdf'
                  ? <a href={src(d.part)} target="_blank" rel="noopener">Open the {d.part} (PDF)</a>
                  : <a href={src(d.part)} target="_blank" rel="noopener"><img src={src(d.part)} alt={`The ${d.part} the player uploaded`} loading="lazy" /></a>}
                <figcaption>{d.part}</figcaption>
              </figure>
            ))}
          </div>
        </div>
        {s.status === 'submitted' && (
          <div className="admin-actions">
            <ActionForm action="approve" id={s.id} label="Approve" reasonLabel="Note (kept in the audit log)" />
            <ActionForm action="reject" id={s.id} label="Reject" danger reasonLabel="Reason (the player is told)" />
          </div>
        )}
      </AdminShell>
    );
  },
});
