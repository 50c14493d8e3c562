/**
 * US taxpayer identification numbers as the 1099 needs them. SSN: 9 digits, area not 000, 666 or 9xx, group not 00,
 * serial not 0000. ITIN: starts with 9, fourth and fifth digits 50–65, 70–88, 90–92 or 94–99.
 */
export type TinType = 'SSN' | 'ITIN';

export function parseTin(input: unknown): { type: TinType; digits: string } | null {
  if (typeof input !== 'string') return null;
  const s = input.trim();
  if (!/^\d{3}-?\d{2}-?\d{4}$/.test(s)) return null;
  const d = s.replace(/-/g, '');
  const area = d.slice(0, 3), group = Number(d.slice(3, 5)), serial = d.slice(5);
  if (d[0] === '9') {
    const ok = (group >= 50 && group <= 65) || (group >= 70 && group <= 88) || (group >= 90 && group <= 92) || (group >= 94 && group <= 99);
    return ok ? { type: 'ITIN', digits: d } : null;
  }
  if (area === '000' || area === '666' || group === 0 || serial === '0000') return null;
  return { type: 'SSN', digits: d };
}

/** The only way a TIN is ever shown back: its last four digits. */
export const maskTin = (last4: string) => `•••-••-${last4}`;
