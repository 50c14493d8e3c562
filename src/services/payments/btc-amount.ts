/**
 * Exact decimal arithmetic for the amounts BTCPay sends as strings (BTC to 11 decimals on Lightning, rates with
 * many decimals). Floating point never touches them: each is read as an integer with a scale.
 */
type Decimal = { n: bigint; scale: number };

const DECIMAL = /^(-?)(\d{1,30})(?:\.(\d{1,30}))?$/;

export function parseDecimal(text: string): Decimal {
  const m = DECIMAL.exec(text.trim());
  if (!m) throw new RangeError(`not a decimal amount: ${text.slice(0, 40)}`);
  const frac = m[3] ?? '';
  const n = BigInt(m[2]! + frac);
  return { n: m[1] ? -n : n, scale: frac.length };
}

const pow10 = (k: number) => 10n ** BigInt(k);
const align = (a: Decimal, scale: number) => a.n * pow10(scale - a.scale);

/** a / 10^k rounded half away from zero. */
function roundDiv(a: bigint, k: number): bigint {
  if (k <= 0) return a * pow10(-k);
  const d = pow10(k);
  const q = a / d;
  const r = a % d;
  const twice = (r < 0n ? -r : r) * 2n;
  return twice >= d ? q + (a < 0n ? -1n : 1n) : q;
}

/**
 * The dollar value of a payment as BTCPay computes it: (value − fee) × rate, in cents, rounded to the nearest cent.
 * `rate` is USD per BTC.
 */
export function usdCentsOf(valueBtc: string, feeBtc: string, rateUsdPerBtc: string): number {
  const v = parseDecimal(valueBtc);
  const f = parseDecimal(feeBtc || '0');
  const scale = Math.max(v.scale, f.scale);
  const net = align(v, scale) - align(f, scale);
  const r = parseDecimal(rateUsdPerBtc);
  const cents = roundDiv(net * r.n * 100n, scale + r.scale);
  const out = Number(cents);
  if (!Number.isSafeInteger(out)) throw new RangeError('amount out of range');
  return out;
}

/** BTC to pay for `cents` at `rate`, to the satoshi, rounded up so paying it always covers the dollars. */
export function btcForCents(cents: number, rateUsdPerBtc: string): string {
  const r = parseDecimal(rateUsdPerBtc);
  // sats = cents / 100 / rate × 1e8 = cents × 1e6 × 10^scale / r.n
  const num = BigInt(cents) * pow10(6 + r.scale);
  const sats = (num + r.n - 1n) / r.n;
  return formatSats(sats);
}

/** The most BTC `cents` buy at `rate`, to the satoshi, rounded down: what a payout of those dollars may send. */
export function satsWithinCents(cents: number, rateUsdPerBtc: string): bigint {
  const r = parseDecimal(rateUsdPerBtc);
  return (BigInt(cents) * pow10(6 + r.scale)) / r.n;
}
export const btcWithinCents = (cents: number, rateUsdPerBtc: string): string => formatSats(satsWithinCents(cents, rateUsdPerBtc));

/** 12345n sats → "0.00012345". */
export function formatSats(sats: bigint): string {
  const neg = sats < 0n;
  const s = (neg ? -sats : sats).toString().padStart(9, '0');
  return `${neg ? '-' : ''}${s.slice(0, -8)}.${s.slice(-8)}`;
}

/** "0.00012345" → 12345n sats (more decimals are truncated: below a satoshi is not payable on-chain). */
export function satsOf(btc: string): bigint {
  const d = parseDecimal(btc);
  return d.scale <= 8 ? d.n * pow10(8 - d.scale) : d.n / pow10(d.scale - 8);
}

/** Cents → "12.50", the decimal string BTCPay takes for invoice amounts. */
export const centsToDecimal = (cents: number): string => `${Math.trunc(cents / 100)}.${String(Math.abs(cents % 100)).padStart(2, '0')}`;
