// The captcha's non-visual form: a short sum written in words, which a screen reader reads out and nobody has to
// see. It is checked exactly like the picture (one stored hash, one try, the same expiry and rate limits).

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve',
  'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen'];

const pick = (n: number) => crypto.getRandomValues(new Uint32Array(1))[0]! % n;

/** A question such as 'What is seven plus four?' and its answer in digits ('11'). */
export function randomQuestion(): { question: string; answer: string } {
  const a = 2 + pick(8);
  const b = 1 + pick(9);
  if (pick(2) === 0 || b > a) return { question: `What is ${WORDS[a]} plus ${WORDS[b]}?`, answer: String(a + b) };
  return { question: `What is ${WORDS[a]} minus ${WORDS[b]}?`, answer: String(a - b) };
}

/** An answer as a person types it: '11', ' eleven ', 'Eleven.' all read as '11'; anything else as typed. */
export function normalizeAnswer(given: string): string {
  const t = given.trim().toLowerCase().replace(/[.!]$/, '');
  const at = WORDS.indexOf(t);
  return at >= 0 ? String(at) : given.trim();
}
