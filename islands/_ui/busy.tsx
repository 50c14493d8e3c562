/** A submit button that says what is happening while the request runs (spec §2: 'Logging in...', …). */
export function SubmitButton({ busy, label, busyLabel, disabled }: { busy: boolean; label: string; busyLabel: string; disabled?: boolean }) {
  return (
    <button type="submit" className="btn btn-primary btn-block" disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy && <span className="spinner spinner-inline" aria-hidden="true" />}
      {busy ? busyLabel : label}
    </button>
  );
}

/** The full-screen spinner overlay, saying what it waits for. */
export function LoaderOverlay({ label }: { label: string }) {
  return (
    <div className="loader-overlay" role="status">
      <span className="spinner spinner-lg" aria-hidden="true" />
      <p>{label}</p>
    </div>
  );
}
