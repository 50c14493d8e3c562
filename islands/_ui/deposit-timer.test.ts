import { describe, expect, test } from 'bun:test';
import { clock, milestone } from './deposit-timer';
import { depositPhase, secondsUntil, stillDueCents, walletUri, type DepositFigures } from './deposit-phase';

describe('deposit countdown rules', () => {
  test('mm:ss with leading zeros', () => {
    expect([1800, 1799, 600, 301, 60, 9, 0].map(clock)).toEqual(['30:00', '29:59', '10:00', '05:01', '01:00', '00:09', '00:00']);
  });

  test('seconds until the expiry never go below 0', () => {
    expect(secondsUntil(10_000, 0)).toBe(10);
    expect(secondsUntil(10_000, 9_001)).toBe(1);
    expect(secondsUntil(10_000, 10_000)).toBe(0);
    expect(secondsUntil(10_000, 99_000)).toBe(0);
  });

  test('a milestone is said when crossed, even if the page slept past it; the latest one wins', () => {
    expect(milestone(1800, 1799)).toBeNull();
    expect(milestone(301, 300)).toBe('5 minutes left to pay the invoice.');
    expect(milestone(300, 299)).toBeNull();
    expect(milestone(400, 30)).toBe('1 minute left to pay the invoice.');
    expect(milestone(1800, 0)).toBe('The invoice has expired. Start a new deposit to get a new one.');
    expect(milestone(0, 0)).toBeNull();
  });
});

const base: DepositFigures = { status: 'pending', invoiceStatus: 'New', amountCents: 5_000, creditedCents: 0, processingCents: 0, expiresAtMs: 100_000 };

describe('what happened to a deposit', () => {
  test('waiting, then paid in full or more', () => {
    expect(depositPhase(base, 0)).toBe('pending');
    expect(depositPhase({ ...base, status: 'completed', invoiceStatus: 'Settled', creditedCents: 5_000 }, 0)).toBe('paid');
    expect(depositPhase({ ...base, status: 'completed', creditedCents: 6_000 }, 500_000)).toBe('paid');
  });

  test('a part payment leaves the rest due; one cent short is not paid', () => {
    const part = { ...base, status: 'completed', creditedCents: 4_999 };
    expect(depositPhase(part, 0)).toBe('partial');
    expect(stillDueCents(part)).toBe(1);
  });

  test('a payment seen but not confirmed is processing, even after the invoice expired', () => {
    expect(depositPhase({ ...base, processingCents: 5_000, invoiceStatus: 'Processing' }, 500_000)).toBe('processing');
  });

  test('expired by the provider, by its status or by the clock alone', () => {
    expect(depositPhase({ ...base, status: 'expired', invoiceStatus: 'Expired' }, 0)).toBe('expired');
    expect(depositPhase({ ...base, invoiceStatus: 'Invalid' }, 0)).toBe('expired');
    expect(depositPhase(base, 100_000)).toBe('expired');
    expect(depositPhase(base, 99_999)).toBe('pending');
  });
});

describe('Open in wallet', () => {
  test('a BOLT11 invoice as lightning:, an address as BIP21 with the amount', () => {
    expect(walletUri('lightning', 'lnbcrt1xyz')).toBe('lightning:lnbcrt1xyz');
    expect(walletUri('lightning', 'lightning:lnbcrt1xyz')).toBe('lightning:lnbcrt1xyz');
    expect(walletUri('onchain', 'bcrt1qabc', '0.00100000')).toBe('bitcoin:bcrt1qabc?amount=0.00100000');
    expect(walletUri('onchain', 'bcrt1qabc')).toBe('bitcoin:bcrt1qabc');
  });
});
