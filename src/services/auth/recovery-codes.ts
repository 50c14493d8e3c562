import { createHash, randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '../../shared/schemas/two-step';

// No 0/1/l/o: a code copied by hand from paper must not be misread.
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** Ten fresh codes of ten characters (50 bits each): too many to guess within the attempt limit. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(10);
    return [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  });
}

/** Only this is stored. The player's id is mixed in so the same code means nothing on another account. */
export const recoveryCodeHash = (userId: string, normalizedCode: string) =>
  createHash('sha256').update(`${userId}:${normalizedCode}`).digest('hex');
