/**
 * A submit button that says what is happening while the request runs (spec §2: 'Logging in...', …). While busy it
 * refuses presses but stays focusable (aria-disabled, not disabled): a disabled button drops the keyboard's focus
 * to the page, and a screen reader loses its place just as the answer arrives.
 */
export function SubmitButton({ busy, label, busyLabel, disabled, describedBy }: {
  busy: boolean; label: string; busyLabel: string; disabled?: boolean; /** What the press will do (a quote), read with the button. */ describedBy?: string;
}) {
  return (
    <button type="submit" className="btn btn-primary btn-block" disabled={!busy && disabled} aria-disabled={busy || undefined} aria-busy={busy || undefined} aria-describedby={describedBy}
      // Enter in a field presses the default button too, so this also stops a second submit from the keyboard.
      onClick={(e) => { if (busy) e.preventDefault(); }}>
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
