// An error's message, fit for a log line or a terminal: messages from SMTP, BTCPay, Redis or libSQL can quote a
// URL with its password, a token in a query string, an Authorization header, a one-time link or an address.

/** The first line of `text` with credentials, tokens, one-time links and e-mail addresses replaced. */
export function redactMessage(text: string, max = 300): string {
  return text.split('\n')[0]!
    .replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi, '$1[redacted]@')
    .replace(/[^\s/@<>"'(]+:[^\s/@<>"']+@/g, '[redacted]@')
    .replace(/([?&][^=&\s]*(?:token|key|secret|pass|auth|sig|code)[^=&\s]*=)[^&\s"']+/gi, '$1[redacted]')
    .replace(/\b(Bearer|Basic|token)\s+[A-Za-z0-9._~+/=-]{8,}/gi, '$1 [redacted]')
    .replace(/\/(verify\/email|reset-password|set-password|undo-email|two-step\/confirm)\/[^\s/?"']+/g, '/$1/[redacted]')
    .replace(/[^\s<>"'@,;:()[\]]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g, '[e-mail]')
    .slice(0, max);
}

/** The fields a log line carries for a failure: the error's class and its redacted message (and code, if any). */
export function errorFields(e: unknown): { error: string; message: string; code?: string } {
  const code = (e as { code?: unknown } | null)?.code;
  return {
    error: e instanceof Error ? e.name : 'unknown',
    message: redactMessage(e instanceof Error ? e.message : String(e)),
    ...(typeof code === 'string' && { code }),
  };
}
