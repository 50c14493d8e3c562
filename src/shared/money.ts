// Money is an integer number of cents everywhere inside; dollars exist only at the API edge and on screen.
export type Cents = number & { readonly __brand: 'Cents' };

export const cents = (n: number): Cents => {
  if (!Number.isSafeInteger(n)) throw new RangeError('cents must be a safe integer');
  return n as Cents;
};

/** Dollars with at most two decimals → cents, or null when the value is not such an amount. */
export function dollarsToCents(value: unknown): Cents | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else if (typeof value === 'string') text = value.trim();
  else return null;
  const m = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  const c = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return cents(m[1] ? -c : c);
}

export const dollarsFromCents = (c: number): number => c / 100;

/** $1,234.50 */
export function formatCents(c: number): string {
  const sign = c < 0 ? '-' : '';
  const abs = Math.abs(c);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}
