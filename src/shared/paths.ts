/**
 * A path to return to after login, only when it stays on this site: a single leading slash, not `//host` or
 * `/\host` (which browsers treat as another origin). Anything else gives null.
 */
export function sameSitePath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}
