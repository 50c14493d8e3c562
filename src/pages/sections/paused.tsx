import type { ReactNode } from 'react';

/**
 * An action a cool-off or self-exclusion closes: the reason first, then the form inside a disabled fieldset, so
 * every field and button of it is disabled by the browser itself, before and after its island's script runs.
 */
export function Paused({ reason, id, children }: { reason?: string | null; id: string; children: ReactNode }) {
  if (!reason) return <>{children}</>;
  return (
    <>
      <p className="paused-reason" id={id}>{reason}</p>
      <fieldset className="paused-fieldset" disabled aria-describedby={id}>
        {children}
      </fieldset>
    </>
  );
}
