/** The per-session token a signed-in form posts with (see src/http/form-token.ts); nothing for a visitor. */
export function FormToken({ value }: { value?: string }) {
  return value ? <input type="hidden" name="_token" value={value} /> : null;
}
