// The header ticker's lines, shared by the server's first paint and the browser refresh: the demo's invented
// cash-outs (spec §1), and the live ticker's real ones, which name no one (docs/decisions/ticker-privacy.md).
const NAMES = ['James', 'Maria', 'Robert', 'Linda', 'Michael', 'Patricia', 'David', 'Jennifer', 'Carlos', 'Aisha',
  'Daniel', 'Sofia', 'Kevin', 'Tanya', 'Marcus', 'Grace', 'Andre', 'Nicole', 'Luis', 'Brenda', 'Tyrone', 'Emily'];

export type TickerLine = { name: string; amount: number; secondsAgo: number; verb: 'withdrew' | 'cashed out' };

/** How long ago a live cash-out completed, as coarse as a day. */
export type TickerWhen = 'today' | 'yesterday' | 'this week';
export const TICKER_WHEN: readonly TickerWhen[] = ['today', 'yesterday', 'this week'];
/** A real cash-out of a player who asked to appear: whole dollars, the day, no name. */
export type LiveTickerLine = { amount: number; when: TickerWhen; verb: 'withdrew' };

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

const dollars = (n: number) => Math.round(n).toLocaleString('en-US');

/** A line's sentences in the page's language: {name}, {amount} and {seconds} (demo) or {amount} and {when} (live). */
export type TickerWords = Record<TickerLine['verb'] | 'live', string> & Record<TickerWhen, string>;

/**
 * "M*****l withdrew $120 5s ago" (demo) or "A player withdrew $1,234 today" (live); with the page's words, in its
 * language ("M*****l retiró $120 hace 5 s", "Un jugador retiró $1,234 hoy").
 */
export const tickerText = (l: TickerLine | LiveTickerLine, words?: Partial<TickerWords>) => {
  if ('when' in l) {
    const template = words?.live ?? 'A player withdrew {amount} {when}';
    return template.replace('{amount}', `$${dollars(l.amount)}`).replace('{when}', words?.[l.when] ?? l.when);
  }
  const template = words?.[l.verb];
  if (!template) return `${l.name} ${l.verb} $${dollars(l.amount)} ${l.secondsAgo}s ago`;
  return template.replace('{name}', l.name).replace('{amount}', `$${dollars(l.amount)}`).replace('{seconds}', String(l.secondsAgo));
};
