import { describe, expect, test } from 'bun:test';
import { checkGameMove, checkGamePassword } from './games';
import { checkWithdraw } from './withdraw';

describe('transfer and redeem fields (spec §5)', () => {
  test('each missing field has its own message', () => {
    expect(checkGameMove({})).toEqual({ gameId: 'Game is required', userName: 'Username is required', amount: 'Enter a valid amount' });
    expect(checkGameMove({ gameId: ' ', userName: '  ', amount: '' })).toEqual({ gameId: 'Game is required', userName: 'Username is required', amount: 'Enter a valid amount' });
  });
  test('amounts: digits with at most two decimals, above zero', () => {
    const ok = (amount: unknown) => checkGameMove({ gameId: 'vblink', userName: 'vb1', amount }).amount === undefined;
    for (const a of [25, 0.01, '10', '10.5', '10.55', 12.5]) expect(ok(a)).toBe(true);
    for (const a of [0, '0', '0.00', -1, '1.234', 'abc', '1e3', NaN, Infinity, null, true, '10.']) expect(ok(a)).toBe(a === '10.');
  });
});

describe('game password reset (spec §5)', () => {
  test('at least 5 characters, with the spec message', () => {
    expect(checkGamePassword({ requestedPassword: 'abcd' })).toEqual({ requestedPassword: 'Password must be at least 5 characters long.' });
    expect(checkGamePassword({})).toEqual({ requestedPassword: 'Password must be at least 5 characters long.' });
    expect(checkGamePassword({ requestedPassword: 'abcde' })).toEqual({});
    expect(checkGamePassword({ requestedPassword: 'x'.repeat(65) }).requestedPassword).toContain('at most 64');
    expect(checkGamePassword({ requestedPassword: 'ab cde' }).requestedPassword).toBe('Password cannot contain spaces.');
  });
});

describe('withdraw fields (spec §5, §9)', () => {
  const base = { currency: 'BTC-CHAIN', wallet_address: 'bcrt1qexample', amount: '150', tip: '' };
  test('required fields and their messages', () => {
    expect(checkWithdraw({})).toEqual({ currency: 'Currency is required', wallet_address: 'Wallet address is required', amount: 'Amount is required' });
    expect(checkWithdraw({ ...base, amount: '0' }).amount).toBe('Enter a valid amount');
    expect(checkWithdraw({ ...base, amount: '1.234' }).amount).toBe('Enter a valid amount');
  });
  test('minimum 100 on-chain and 1 over Lightning', () => {
    expect(checkWithdraw({ ...base, amount: '99.99' }).amount).toBe('The smallest on-chain withdrawal is $100.');
    expect(checkWithdraw({ ...base, amount: 100 })).toEqual({});
    expect(checkWithdraw({ ...base, currency: 'BTC-LN', amount: '0.99' }).amount).toBe('The smallest Lightning withdrawal is $1.');
    expect(checkWithdraw({ ...base, currency: 'BTC-LN', amount: '1' })).toEqual({});
  });
  test('the tip is optional and digits only', () => {
    expect(checkWithdraw({ ...base, tip: '5' })).toEqual({});
    expect(checkWithdraw({ ...base, tip: 0 })).toEqual({});
    expect(checkWithdraw({ ...base, tip: '2.5' }).tip).toBeDefined();
  });
});
