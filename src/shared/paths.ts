/**
 * A path to return to after login, only when it stays on this site: a single leading slash, not `//host` or
 * `/\host` (which browsers treat as another origin). Anything else gives null.
 */
export function sameSitePath(next: string | null | undefined): string | null {
  // Browsers drop tabs and newlines from a URL and read `\` as `/`, so `/\t/host` would be another site too.
  if (!next || !/^\/(?![/\\])[^\u0000-\u001f\u007f\\]*$/.test(next)) return null;
  return next;
}

/** Where a created deposit is shown: spec §2's query parameters, plus the deposit id so a reload keeps its state. */
export function depositPageUrl(d: { depositId: string; payment_methods: { paymentMethodId: string; destination: string }[] }): string {
  const q = new URLSearchParams({ deposit: d.depositId });
  const ln = d.payment_methods.find((m) => m.paymentMethodId === 'BTC-LN');
  const chain = d.payment_methods.find((m) => m.paymentMethodId === 'BTC-CHAIN');
  if (ln) q.set('lightningAddress', ln.destination);
  if (chain) q.set('onchainAddress', chain.destination);
  return `/deposit-bitcoin?${q}`;
}
