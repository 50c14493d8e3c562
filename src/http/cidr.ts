// Address ranges for METRICS_ALLOW. Every address is held as a 128-bit number; an IPv4 address as its
// IPv4-mapped IPv6 form (::ffff:a.b.c.d), so an IPv4 client that reaches a dual-stack socket as ::ffff:… still
// matches an IPv4 range.

export type Cidr = { base: bigint; prefix: number };

const V4_MAPPED = 0xffffn << 32n;
const ALL = (1n << 128n) - 1n;

function parseV4(s: string): bigint | null {
  const parts = s.split('.');
  if (parts.length !== 4) return null;
  let n = 0n;
  for (const p of parts) {
    // No leading zeros: some parsers read 010 as octal, so it is refused rather than guessed.
    if (!/^(0|[1-9]\d{0,2})$/.test(p) || Number(p) > 255) return null;
    n = (n << 8n) | BigInt(p);
  }
  return n;
}

function parseV6(s: string): bigint | null {
  let text = s;
  // A trailing dotted IPv4 part (::ffff:1.2.3.4) stands for the last two groups.
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.', lastColon)) {
    const v4 = parseV4(text.slice(lastColon + 1));
    if (v4 === null) return null;
    text = `${text.slice(0, lastColon + 1)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (h: string) => (h === '' ? [] : h.split(':'));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  if (![...head, ...rest].every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return null;
  const written = head.length + rest.length;
  if (halves.length === 1 ? written !== 8 : written > 7) return null;
  const all = [...head, ...Array<string>(8 - written).fill('0'), ...rest];
  return all.reduce((n, g) => (n << 16n) | BigInt('0x' + g), 0n);
}

/** An address as its 128-bit number, or null when it is not an IP address. Zone ids (%eth0) are ignored. */
export function parseAddress(raw: string): bigint | null {
  const s = raw.trim().replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!s) return null;
  if (!s.includes(':')) {
    const v4 = parseV4(s);
    return v4 === null ? null : V4_MAPPED | v4;
  }
  return parseV6(s);
}

const mask = (prefix: number) => (prefix === 0 ? 0n : (ALL << BigInt(128 - prefix)) & ALL);

/** One range: `address` or `address/prefix` (0–32 for IPv4, 0–128 for IPv6). Host bits past the prefix are dropped. */
export function parseCidr(raw: string): Cidr | null {
  const [addr, len, extra] = raw.trim().split('/');
  if (extra !== undefined || !addr) return null;
  const base = parseAddress(addr);
  if (base === null) return null;
  const v4 = !addr.includes(':');
  const max = v4 ? 32 : 128;
  if (len !== undefined && !/^(0|[1-9]\d{0,2})$/.test(len)) return null;
  const bits = len === undefined ? max : Number(len);
  if (bits > max) return null;
  const prefix = v4 ? 96 + bits : bits;
  return { base: base & mask(prefix), prefix };
}

/** A comma-separated list of ranges; throws naming the first entry that is not one. */
export function parseCidrList(list: string): Cidr[] {
  const entries = list.split(',').map((s) => s.trim()).filter(Boolean);
  return entries.map((e) => {
    const c = parseCidr(e);
    if (!c) throw new Error(`"${e}" is not an address or address/prefix`);
    return c;
  });
}

export function inRanges(address: string, ranges: Cidr[]): boolean {
  const n = parseAddress(address);
  if (n === null) return false;
  return ranges.some((r) => (n & mask(r.prefix)) === r.base);
}
