import { describe, expect, test } from 'bun:test';
import { endedText } from './withdrawal-sync';
import type { WithdrawalRow } from './withdrawals';

const row = (over: Partial<WithdrawalRow> = {}): WithdrawalRow => ({
  id: 'w1', userId: 'u1', email: 'a@example.com', currency: 'BTC-CHAIN', destination: 'bcrt1q…', amountCents: 10_000, tipCents: 0,
  rate: '50000', btcAmount: '0.00200000', sendAmount: true, holdId: 'h1', payoutId: null, payoutState: null, status: 'pending', reason: null,
  attempts: 0, historyId: 'x1', createdAt: 0, autoApproved: true, refundOfHeld: false, held: false, ...over,
});

describe('what the player is told when a withdrawal ends', () => {
  test('sent: the amount sent, and the tip when there was one (the history row shows both together)', () => {
    expect(endedText(row(), 'completed', null)).toBe('Your withdrawal of $100.00 was sent.');
    expect(endedText(row({ tipCents: 500 }), 'completed', null)).toBe('Your withdrawal of $100.00 was sent. Your $5.00 tip was received; thank you.');
  });
  test('not sent: the amount and the tip are both back in the wallet', () => {
    expect(endedText(row({ tipCents: 500 }), 'cancelled', 'The address was refused.')).toBe('Your withdrawal was cancelled: The address was refused. $105.00 is back in your wallet.');
  });
});
