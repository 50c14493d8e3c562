// The demo ticker of invented cash-outs (spec §1), shared by the server's first paint and the browser refresh.
const NAMES = ['James', 'Maria', 'Robert', 'Linda', 'Michael', 'Patricia', 'David', 'Jennifer', 'Carlos', 'Aisha',
  'Daniel', 'Sofia', 'Kevin', 'Tanya', 'Marcus', 'Grace', 'Andre', 'Nicole', 'Luis', 'Brenda', 'Tyrone', 'Emily'];

export type TickerLine = { name: string; amount: number; secondsAgo: number; verb: 'withdrew' | 'cashed out' };

export const TICKER_LINES = 15;
export const TICKER_REFRESH_MS = 30_000;

/** "Michael" → "M*****l": first and last letter kept. */
export function maskName(name: string): string {
  if (name.length <= 2) return name[0] + '*';
  return name[0] + '*'.repeat(name.length - 2) + name[name.length - 1];
}

const pick = (min: number, max: number, rnd: () => number) => min + Math.floor(rnd() * (max - min + 1));

export function demoTicker(rnd: () => number = Math.random): TickerLine[] {
  return Array.from({ length: TICKER_LINES }, () => ({
    name: maskName(NAMES[pick(0, NAMES.length - 1, rnd)]!),
    amount: pick(10, 509, rnd),
    secondsAgo: pick(1, 60, rnd),
    verb: rnd() < 0.5 ? 'withdrew' : 'cashed out',
  }));
}

// Demo amounts are whole dollars; live ones may carry cents.
const dollars = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));

/** A line's sentence for each verb in the page's language, with {name}, {amount} and {seconds} to fill. */
export type TickerWords = Record<TickerLine['verb'], string>;

/** "M*****l withdrew $120 5s ago"; with the page's words, in its language ("M*****l retiró $120 hace 5 s"). */
export const tickerText = (l: TickerLine, words?: Partial<TickerWords>) => {
  const template = words?.[l.verb];
  if (!template) return `${l.name} ${l.verb} $${dollars(l.amount)} ${l.secondsAgo}s ago`;
  return template.replace('{name}', l.name).replace('{amount}', `$${dollars(l.amount)}`).replace('{seconds}', String(l.secondsAgo));
};
