/** Uniform whole numbers in [0, n), for n from 1 to 2^53. Tests hand in a seeded one; snapshots use the system's. */
export type Random = { below(n: number): number };

const TWO_32 = 0x100000000;
const TWO_53 = 2 ** 53;

/**
 * Draws from a word source without bias: a draw that falls in the last, incomplete span of n is drawn again
 * (rejection), so every result is equally likely however n divides 2^32 or 2^53.
 */
export function randomFrom(nextWord: () => number): Random {
  return {
    below(n) {
      if (!(Number.isSafeInteger(n) || n === TWO_53) || n < 1) throw new RangeError(`cannot draw below ${n}`);
      if (n <= TWO_32) {
        const limit = TWO_32 - (TWO_32 % n);
        for (;;) {
          const x = nextWord();
          if (x < limit) return x % n;
        }
      }
      const limit = TWO_53 - (TWO_53 % n);
      for (;;) {
        const x = (nextWord() & 0x1fffff) * TWO_32 + nextWord();
        if (x < limit) return x % n;
      }
    },
  };
}

/** The operating system's randomness (crypto.getRandomValues), 64 KB at a time. */
export function systemRandom(): Random {
  const pool = new Uint32Array(16384);
  let at = pool.length;
  return randomFrom(() => {
    if (at === pool.length) {
      crypto.getRandomValues(pool);
      at = 0;
    }
    return pool[at++]!;
  });
}

/** A repeatable stream for tests and the documentation's worked example (xorshift128; never for a real snapshot). */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0 || 1, b = 0x9e3779b9, c = 0x243f6a88, d = 0xb7e15162;
  return randomFrom(() => {
    const t = a ^ (a << 11);
    a = b; b = c; c = d;
    d = (d ^ (d >>> 19) ^ (t ^ (t >>> 8))) >>> 0;
    return d;
  });
}
