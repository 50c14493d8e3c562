import { describe, expect, test } from 'bun:test';
import { AMOUNT_DECIMALS_MESSAGE, AMOUNT_POSITIVE_MESSAGE, AMOUNT_SHAPE_MESSAGE, readAmount } from './amount-input';

describe('readAmount: amounts as people type them', () => {
  test.each([
    ['5', 5],
    ['5.00', 5],
    ['$5', 5],
    ['$5.00', 5],
    ['1,000.50', 1000.5],
    ['$1,000.50', 1000.5],
    ['  12.3 ', 12.3],
    ['0.01', 0.01],
    ['1,234,567', 1234567],
    ['5.', 5],
  ])('accepts %p as %p dollars', (typed, dollars) => {
    expect(readAmount(typed)).toEqual({ ok: true, dollars, text: expect.any(String) });
  });

  test.each([
    ['12.345', AMOUNT_DECIMALS_MESSAGE],
    ['0', AMOUNT_POSITIVE_MESSAGE],
    ['0.00', AMOUNT_POSITIVE_MESSAGE],
    ['-5', AMOUNT_POSITIVE_MESSAGE],
    ['-$5', AMOUNT_POSITIVE_MESSAGE],
    ['1,00', AMOUNT_SHAPE_MESSAGE],
    ['1,0000', AMOUNT_SHAPE_MESSAGE],
    [',5', AMOUNT_SHAPE_MESSAGE],
    ['1e5', AMOUNT_SHAPE_MESSAGE],
    ['12.3.4', AMOUNT_SHAPE_MESSAGE],
    ['five', AMOUNT_SHAPE_MESSAGE],
    ['$', AMOUNT_SHAPE_MESSAGE],
    ['5$', AMOUNT_SHAPE_MESSAGE],
    ['Infinity', AMOUNT_SHAPE_MESSAGE],
    ['', AMOUNT_SHAPE_MESSAGE],
  ])('refuses %p, saying why', (typed, message) => {
    expect(readAmount(typed)).toEqual({ ok: false, message });
  });
});
