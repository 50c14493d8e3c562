// The id a player quotes to support for a history row, e.g. CR-3F9K2M7Q: 40 bits in 8 characters of an
// alphabet without 0/O and 1/I, in ASCII order so that the text sorts as the number does.
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const RANDOM_BITS = 14;
const SLOT_MS = 128;
const SPACE = 2 ** 40;
// A step back larger than this is the clock's 26 bits of slots (about 99 days) turning over, not a late call.
const TURN = 2 ** 39;

const random = new Uint16Array(1);

/**
 * A readable id whose value follows the clock: the 128 ms slot in the high 26 bits, random low bits, and one more
 * than the last id this process made when that is larger. A player's ids are found through the index on
 * (user_id, uuid), so ids that follow the clock land on the last page of the player's part of it instead of a
 * random one: a random id there cost a page written per history row (docs/decisions/group-commit.md). Two ids of
 * one process never repeat within the 99 days; two instances making one player's rows in the same slot differ
 * unless their 14 random bits agree.
 */
export function createReadableIds(): (now?: number) => string {
  let last = -1;
  return (now = Date.now()) => {
    const slot = Math.floor(now / SLOT_MS) % 2 ** (40 - RANDOM_BITS);
    let value = slot * 2 ** RANDOM_BITS + (crypto.getRandomValues(random)[0]! % 2 ** RANDOM_BITS);
    if (value <= last && last - value < TURN) value = (last + 1) % SPACE;
    last = value;
    let text = '';
    for (let i = 0; i < 8; i++) {
      text = ALPHABET[value % 32] + text;
      value = Math.floor(value / 32);
    }
    return 'CR-' + text;
  };
}

/** The process's ids: one sequence, so two made in the same slot still sort in the order they were made. */
export const readableId = createReadableIds();
