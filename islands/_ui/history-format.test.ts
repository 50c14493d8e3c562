import { describe, expect, test } from 'bun:test';
import {
  amountView, detailLines, formatTime, historyHref, historyPlace, noteLink, notePageFrom, pageWindow, showingText, statusTone, tipSplit, txPageFrom, withdrawalLines, type Tx,
} from './history-format';
import { notificationContent, notificationType, relativeAge } from './note-words';

describe('pagination window (spec §2, §9: first, last, two either side, ellipses)', () => {
  test('few pages: every page, no gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 2)).toEqual([1, 2]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  test('at the start and the end of many pages', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 'gap-after', 20]);
    expect(pageWindow(20, 20)).toEqual([1, 'gap-before', 18, 19, 20]);
    expect(pageWindow(4, 20)).toEqual([1, 2, 3, 4, 5, 6, 'gap-after', 20]);
  });
  test('in the middle: gaps on both sides, even when a gap hides a single page', () => {
    expect(pageWindow(10, 20)).toEqual([1, 'gap-before', 8, 9, 10, 11, 12, 'gap-after', 20]);
    expect(pageWindow(5, 9)).toEqual([1, 'gap-before', 3, 4, 5, 6, 7, 'gap-after', 9]);
  });
  test('every page number appears once, in order, and always includes first, current and last', () => {
    for (let total = 1; total <= 15; total++)
      for (let cur = 1; cur <= total; cur++) {
        const nums = pageWindow(cur, total).filter((p): p is number => typeof p === 'number');
        expect(nums).toEqual([...nums].sort((a, b) => a - b));
        expect(new Set(nums).size).toBe(nums.length);
        expect(nums).toContain(1);
        expect(nums).toContain(cur);
        expect(nums).toContain(total);
        for (let d = -2; d <= 2; d++) if (cur + d >= 1 && cur + d <= total) expect(nums).toContain(cur + d);
      }
  });
  test("'Showing X to Y of Z transactions'", () => {
    expect(showingText(1, 10, 23)).toBe('Showing 1 to 10 of 23 transactions');
    expect(showingText(3, 10, 23)).toBe('Showing 21 to 23 of 23 transactions');
  });
});

describe('amount sign and colour (spec §4 as changed by DESIGN §8: signs follow the wallet)', () => {
  test.each([
    ['DEPOSIT', undefined, '+$25.00', 'in'],
    ['TRANSFER', undefined, '-$25.00', 'out'],
    ['TRANSFER', 'out', '-$25.00', 'out'],
    ['FREEPLAY', 'in', '+$25.00', 'in'],
    ['WITHDRAW', undefined, '-$25.00', 'out'],
    ['REDEEM', undefined, '+$25.00', 'in'],
    ['REDEEM', 'in', '+$25.00', 'in'],
    ['P2P', 'in', '+$25.00', 'in'],
    ['P2P', 'out', '-$25.00', 'out'],
  ] as const)('%s %s → %s', (type, direction, text, tone) => {
    expect(amountView({ type, direction, amount: 25 })).toEqual({ text, tone });
  });
  test.each([
    ['DEPOSIT', 'in', 'expired'], ['WITHDRAW', 'out', 'cancelled'], ['WITHDRAW', 'out', 'Failed'], ['TRANSFER', 'out', 'failed'],
  ] as const)('%s %s, %s: the amount is void (struck through, no colour of money moved)', (type, direction, transactionStatus) => {
    expect(amountView({ type, direction, amount: 10, transactionStatus }).tone).toBe('void');
  });
  test('a completed deposit has its + and green', () => {
    expect(amountView({ type: 'DEPOSIT', direction: 'in', amount: 10, transactionStatus: 'completed' })).toEqual({ text: '+$10.00', tone: 'in' });
  });
  test.each([['DEPOSIT', 'pending'], ['DEPOSIT', 'held'], ['DEPOSIT', 'processing'], ['REDEEM', 'pending']])('a %s %s is not in the wallet yet: no +, not green', (type, transactionStatus) => {
    expect(amountView({ type, direction: 'in', amount: 10, transactionStatus })).toEqual({ text: '$10.00', tone: 'waiting' });
  });
  test('credits on their way out have left the wallet: a pending withdrawal keeps its −', () => {
    expect(amountView({ type: 'WITHDRAW', direction: 'out', amount: 10, transactionStatus: 'pending' })).toEqual({ text: '-$10.00', tone: 'out' });
  });
  test('two decimals and thousands separators', () => {
    expect(amountView({ type: 'DEPOSIT', amount: 1234.5 }).text).toBe('+$1,234.50');
    expect(amountView({ type: 'WITHDRAW', amount: 0.1 }).text).toBe('-$0.10');
  });
});

test('status pill tone (spec §4)', () => {
  expect(statusTone('Completed')).toBe('green');
  expect(statusTone('success')).toBe('green');
  expect(statusTone('PENDING')).toBe('yellow');
  expect(statusTone('failed')).toBe('red');
  expect(statusTone('cancelled')).toBe('red');
  expect(statusTone('processing')).toBe('grey');
  // Held deposit money waits like a pending one; released reached the wallet; a reversed payment was taken back.
  expect(statusTone('held')).toBe('yellow');
  expect(statusTone('released')).toBe('green');
  expect(statusTone('reversed')).toBe('red');
});

test('time: short date and hour:minute on the 12-hour clock, in UTC (marked) on the server', () => {
  expect(formatTime('2026-03-04T17:05:09.000Z', false)).toBe('Mar 4, 2026, 5:05 PM UTC');
  expect(formatTime('2026-03-04T00:30:00.000Z', false)).toBe('Mar 4, 2026, 12:30 AM UTC');
  expect(formatTime('not a date', false)).toBe('');
});

test('relative age (spec §9)', () => {
  const now = Date.parse('2026-03-04T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  expect(relativeAge(ago(0), now)).toBe('just now');
  expect(relativeAge(ago(59_999), now)).toBe('just now');
  expect(relativeAge(ago(60_000), now)).toBe('1m ago');
  expect(relativeAge(ago(59 * 60_000 + 59_000), now)).toBe('59m ago');
  expect(relativeAge(ago(60 * 60_000), now)).toBe('1h ago');
  expect(relativeAge(ago(23 * 3600_000 + 59 * 60_000), now)).toBe('23h ago');
  expect(relativeAge(ago(24 * 3600_000), now)).toBe('1d ago');
  expect(relativeAge(ago(10 * 86_400_000), now)).toBe('10d ago');
  // A clock a little ahead of the server's never shows a negative age.
  expect(relativeAge(new Date(now + 30_000).toISOString(), now)).toBe('just now');
});

test('notification type and content fallbacks (spec §2)', () => {
  expect(notificationType('P2P_RECEIVED')).toBe('P2P RECEIVED');
  expect(notificationType('')).toBe('Unknown Type');
  expect(notificationType(undefined)).toBe('Unknown Type');
  expect(notificationContent('Hello')).toBe('Hello');
  expect(notificationContent(null)).toBe('Notification content unavailable');
});

test('API answers become pages; failures become null', () => {
  const tx = { _id: 'a', type: 'P2P', amount: 1, createdAt: '', transactionStatus: 'completed' };
  expect(txPageFrom('P2P', 2, { success: true, TransactionList: [tx], pagination: { totalPages: 3, totalUsers: 21, limit: 10, currentPage: 2 } }))
    .toEqual({ type: 'P2P', page: 2, items: [tx], totalPages: 3, total: 21, limit: 10 });
  expect(txPageFrom('P2P', 1, { success: false, message: 'no' })).toBeNull();
  expect(txPageFrom('P2P', 1, null)).toBeNull();
  expect(notePageFrom(1, { success: true, getlist: [], pagination: { totalPages: 1, currentPage: 1, totalUsers: 0 } }))
    .toEqual({ page: 1, items: [], totalPages: 1, total: 0 });
  expect(notePageFrom(1, { success: true })).toBeNull();
});

test('history URLs: the tab and page read back from what historyHref writes; defaults left out; nonsense is All, 1', () => {
  expect(historyHref('ALL', 1)).toBe('/transactions');
  expect(historyHref('ALL', 2)).toBe('/transactions?page=2');
  expect(historyHref('DEPOSIT', 1)).toBe('/transactions?type=DEPOSIT');
  expect(historyHref('DEPOSIT', 2)).toBe('/transactions?type=DEPOSIT&page=2');
  for (const [type, page] of [['ALL', 1], ['P2P', 3], ['FREEPLAY', 1]] as const) expect(historyPlace(historyHref(type, page).split('?')[1] ?? '')).toEqual({ type, page });
  expect(historyPlace('?type=deposit&page=2')).toEqual({ type: 'DEPOSIT', page: 2 });
  for (const odd of ['?type=ADJUSTMENTS', '?page=0', '?page=1.5', '?page=-1', '?page=abc', '?type=&page=']) expect(historyPlace(odd)).toEqual({ type: 'ALL', page: 1 });
});

describe('a withdrawal with a tip says what was sent', () => {
  test('its amount is both together: the line splits it', () => {
    expect(tipSplit({ type: 'WITHDRAW', amount: 155, tip: 5 })).toBe('$150.00 sent + $5.00 tip');
    expect(tipSplit({ type: 'withdraw', amount: 100.1, tip: 0.1 })).toBe('$100.00 sent + $0.10 tip');
  });
  test('no tip, a zero tip or another type: no line', () => {
    expect(tipSplit({ type: 'WITHDRAW', amount: 100 })).toBeNull();
    expect(tipSplit({ type: 'WITHDRAW', amount: 100, tip: 0 })).toBeNull();
    expect(tipSplit({ type: 'P2P', amount: 100, tip: 5 })).toBeNull();
  });
});

describe("a withdrawal's row: where it went and what its id is", () => {
  test('an address in full, a Lightning invoice by its ends; a 64-hex id is a Bitcoin transaction, another a payout; other rows none', () => {
    const ln = 'lnbcrt200u1' + 'x'.repeat(200) + 'abcdef';
    expect(withdrawalLines({ type: 'WITHDRAW', destination: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', currency: 'BTC-CHAIN', orderId: 'a'.repeat(64) }))
      .toEqual({ to: 'To bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', ref: `Bitcoin transaction ${'a'.repeat(64)}` });
    expect(withdrawalLines({ type: 'WITHDRAW', destination: ln, currency: 'BTC-LN', orderId: 'Pay0ut1d' }))
      .toEqual({ to: 'To Lightning invoice lnbcrt200u1x…abcdef', ref: 'Payout Pay0ut1d' });
    expect(withdrawalLines({ type: 'WITHDRAW' })).toEqual({ to: null, ref: null });
    expect(withdrawalLines({ type: 'DEPOSIT', orderId: 'inv1' })).toBeNull();
  });
});

describe('detailLines: a row in words, never a bare id', () => {
  const base = { _id: 'r1', transactionUuid: 'CR-1', createdAt: '2026-01-01T00:00:00Z', transactionStatus: 'completed', counterparty: null } as const;
  test('each kind of row', () => {
    const texts = (tx: Record<string, unknown>) => detailLines({ ...base, ...tx } as unknown as Tx).map((d) => d.text);
    expect(texts({ type: 'TRANSFER', amount: 5, orderId: 'uuid-1', gameId: { _id: 'vblink', gameName: 'VBlink' }, gameAccount: 'vb12' })).toEqual(['To VBlink account vb12']);
    expect(texts({ type: 'REDEEM', amount: 5, orderId: 'uuid-2', gameId: { _id: 'vblink', gameName: 'VBlink' } })).toEqual(['From VBlink']);
    expect(texts({ type: 'DEPOSIT', amount: 10, orderId: 'INV1', depositAmount: 20, late: true })).toEqual(['Invoice INV1', 'Partial: $10.00 of a $20.00 deposit', 'Arrived late, after the invoice expired']);
    // Still waiting for the rest: not "partial" yet, the row says pending.
    expect(texts({ type: 'DEPOSIT', amount: 20, orderId: 'INV2', depositAmount: 20, transactionStatus: 'pending' })).toEqual(['Invoice INV2']);
    expect(texts({ type: 'FREEPLAY', amount: 5, orderId: 'WELCOME5' })).toEqual(['Code WELCOME5']);
    expect(texts({ type: 'P2P', amount: 5, direction: 'in', counterparty: 'Ada (Player ID 7)' })).toEqual(['From Ada (Player ID 7)']);
  });
});

describe("a notice's link", () => {
  test('only a path on this site is followed', () => {
    expect(noteLink('/solvency?snapshot=2026-11-28T00-00Z')).toBe('/solvency?snapshot=2026-11-28T00-00Z');
    for (const bad of ['https://elsewhere.example/', '//elsewhere.example/x', '/\\elsewhere.example', 'javascript:alert(1)', '', null, 7]) expect(noteLink(bad)).toBeNull();
  });
});
