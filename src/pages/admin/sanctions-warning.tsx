/** The console's word on the sanctions list when it is missing or old in production (GET /admin/sanctions). */
export function SanctionsWarning({ read }: { read: { warning?: string | null } | null }) {
  if (!read?.warning) return null;
  return (
    <p className="admin-warning" role="alert">
      {read.warning} Run <code>coinreel sanctions import FILE</code> (README, Operator commands).
    </p>
  );
}
