import { describe, expect, test } from 'bun:test';
import { createReadableIds, readableId } from './readable-id';

const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const value = (id: string) => [...id.slice(3)].reduce((v, c) => v * 32 + ALPHABET.indexOf(c), 0);
const slotOf = (id: string) => Math.floor(value(id) / 2 ** 14);
const SLOT_MS = 128;

describe('readable ids', () => {
  test('are CR- and eight characters without 0, O, 1 or I', () => {
    for (let i = 0; i < 1000; i++) expect(readableId()).toMatch(/^CR-[2-9A-HJ-NP-Z]{8}$/);
  });

  test('made one after another in the same millisecond, each sorts after the one before and none repeats', () => {
    const at = Date.UTC(2026, 10, 27, 12);
    const next = createReadableIds();
    const ids = Array.from({ length: 20_000 }, () => next(at));
    for (let i = 1; i < ids.length; i++) expect(ids[i]! > ids[i - 1]!).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  // Each test has a sequence of its own and fixes its clock: the process's sequence has seen today's ids, and a
  // fixed date behind them would be read as a late call and follow the last id instead (true on any day).
  test('follow the clock: the high bits are the 128 ms slot, so a later id sorts after an earlier one', () => {
    const at = Date.UTC(2026, 10, 28, 9);
    const next = createReadableIds();
    const first = next(at);
    expect(slotOf(first)).toBe(Math.floor(at / SLOT_MS) % 2 ** 26);
    const later = next(at + 60_000);
    expect(slotOf(later)).toBe(Math.floor((at + 60_000) / SLOT_MS) % 2 ** 26);
    expect(later > first).toBe(true);
  });

  test('when the slots turn over (about every 99 days) the id starts again from the clock, not from the last one', () => {
    const turn = Math.ceil(Date.UTC(2026, 11, 1) / (2 ** 26 * SLOT_MS)) * 2 ** 26 * SLOT_MS;
    const next = createReadableIds();
    const before = next(turn - 5 * SLOT_MS);
    expect(slotOf(before)).toBe(2 ** 26 - 5);
    const after = next(turn + 5 * SLOT_MS);
    expect(slotOf(after)).toBe(5);
    expect(after < before).toBe(true);
  });

  test('a call that arrives a little late (a clock behind the last id) still sorts after it', () => {
    const at = Date.UTC(2026, 10, 28, 9);
    const next = createReadableIds();
    const first = next(at);
    const late = next(at - 10_000);
    expect(late > first).toBe(true);
    expect(slotOf(late)).toBe(slotOf(first));
  });
});
