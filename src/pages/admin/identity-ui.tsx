const LABELS: Record<string, string> = { not_started: 'Not started', submitted: 'Submitted (under review)', verified: 'Verified', rejected: 'Rejected' };

/** The player screen's identity lines: the status and the tax number, masked (the full number is only in the tax report). */
export function IdentityFacts({ read }: { read: { data?: { status: string; reason: string | null; legalName: string | null; state: string | null; tax: { type: string; masked: string } | null } } | null }) {
  const d = read?.data;
  if (!d) return null;
  return (
    <>
      <div><dt>Identity</dt><dd>{`${LABELS[d.status] ?? d.status}${d.legalName ? ` as ${d.legalName}` : ''}${d.state ? ` (${d.state})` : ''}${d.reason ? `: ${d.reason}` : ''}`} · <a href="/admin/identity">queue</a></dd></div>
      <div><dt>Tax details</dt><dd>{d.tax ? `${d.tax.type} ${d.tax.masked}` : 'none'}</dd></div>
    </>
  );
}
