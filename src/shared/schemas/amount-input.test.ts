import { describe, expect, test } from 'bun:test';
import { AMOUNT_DECIMALS_MESSAGE, AMOUNT_POSITIVE_MESSAGE, AMOUNT_SHAPE_MESSAGE, readAmount } from './amount-input';
import { checkDepositTyped, DEPOSIT_AMOUNT_INVALID } from './deposit';
import { checkGameMoveTyped } from './games';
import { checkP2PTyped } from './wallet';
import { checkWithdrawTyped } from './withdraw';

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

// Every amount box of the site, as typed: the same forms accepted, the same reasons for a refusal, each form keeping
// its own spec words for an empty box and for zero.
const FORMS = {
  deposit: { check: (amount: string) => checkDepositTyped({ amount }).amount, required: DEPOSIT_AMOUNT_INVALID, zero: DEPOSIT_AMOUNT_INVALID },
  withdraw: { check: (amount: string) => checkWithdrawTyped({ currency: 'BTC-LN', wallet_address: 'lnbc1', amount }).amount, required: 'Amount is required', zero: 'Enter a valid amount' },
  'transfer to game': { check: (amount: string) => checkGameMoveTyped({ gameId: 'g', userName: 'u', amount }).amount, required: 'Enter a valid amount', zero: 'Enter a valid amount' },
  redeem: { check: (amount: string) => checkGameMoveTyped({ gameId: 'g', userName: 'u', amount }).amount, required: 'Enter a valid amount', zero: 'Enter a valid amount' },
  p2p: { check: (amount: string) => checkP2PTyped({ email: 'a@example.com', amount }).amount, required: 'Amount is required.', zero: 'Enter a valid positive number.' },
};

describe.each(Object.entries(FORMS))('the %s form\'s amount', (_, form) => {
  test.each(['5', '5.00', '$5', '$5.00', '1,000.50', ' $1,000 '])('accepts %p', (typed) => {
    expect(form.check(typed)).toBeUndefined();
  });

  test('refuses, saying why', () => {
    expect(form.check('')).toBe(form.required);
    expect(form.check('0')).toBe(form.zero);
    expect(form.check('-5')).toBe(form.zero);
    expect(form.check('12.345')).toBe(AMOUNT_DECIMALS_MESSAGE);
    expect(form.check('1,00')).toBe(AMOUNT_SHAPE_MESSAGE);
    expect(form.check('5 dollars')).toBe(AMOUNT_SHAPE_MESSAGE);
  });
});

test("withdraw: a typed amount under the currency's minimum keeps the spec's words", () => {
  expect(checkWithdrawTyped({ currency: 'BTC-CHAIN', wallet_address: 'bc1q', amount: '$99.99' }).amount).toBe('The smallest on-chain withdrawal is $100.');
  expect(checkWithdrawTyped({ currency: 'BTC-CHAIN', wallet_address: 'bc1q', amount: '$1,000' }).amount).toBeUndefined();
});
