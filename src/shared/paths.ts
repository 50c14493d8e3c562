/**
 * A path to return to after login, only when it stays on this site: a single leading slash, not `//host` or
 * `/\host` (which browsers treat as another origin). Anything else gives null.
 */
export function sameSitePath(next: string | null | undefined): string | null {
  // Browsers drop tabs and newlines from a URL and read `\` as `/`, so `/\t/host` would be another site too.
  if (!next || !/^\/(?![/\\])[^\u0000-\u001f\u007f\\]*$/.test(next)) return null;
  return next;
}

/**
 * Where a created deposit is shown: its id only. The page reads the destinations from the player's own deposit,
 * never from the URL (docs/decisions/deposit-page.md).
 */
export const depositPageUrl = (d: { depositId: string }): string => `/deposit-bitcoin?${new URLSearchParams({ deposit: d.depositId })}`;

/** Where a sign-in lands when it was going nowhere in particular: an operator in the console, a player on the dashboard. */
export const landingOf = (role: unknown): '/admin' | '/home' => (role === 'ADMIN' ? '/admin' : '/home');
