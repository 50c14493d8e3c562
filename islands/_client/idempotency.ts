/**
 * A fresh Idempotency-Key for one submit of a money call, so a retried request is applied at most once.
 * getRandomValues works on plain-http hosts too, where crypto.randomUUID is missing.
 */
export function idempotencyKey(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  return [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
}
