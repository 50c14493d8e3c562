import { describe, expect, test } from 'bun:test';
import { makeBolt11 } from '../../../tests/helpers/bolt11';
import { AppError } from '../../lib/app-error';
import { checkAddress, checkLightning, type BitcoinNetwork } from './withdraw-destination';

const NETWORKS: BitcoinNetwork[] = ['mainnet', 'testnet', 'regtest'];

// Each network's own address forms. Regtest's legacy and P2SH forms are testnet's (same version bytes).
const FORMS: Record<BitcoinNetwork, Record<string, string>> = {
  mainnet: {
    'bc1 (P2WPKH)': 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    '1 (P2PKH)': '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
    '3 (P2SH)': '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
  },
  testnet: {
    'tb1 (P2WPKH)': 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
    'm (P2PKH)': 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn',
    '2 (P2SH)': '2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc',
  },
  regtest: {
    'bcrt1 (P2WPKH)': 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
  },
};
const SHARED_LEGACY = ['m (P2PKH)', '2 (P2SH)'];
const accepts = (network: BitcoinNetwork, of: BitcoinNetwork, form: string) => of === network || (network === 'regtest' && of === 'testnet' && SHARED_LEGACY.includes(form));

function fieldError(f: () => unknown): string | null {
  try {
    f();
    return null;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    expect(e.status).toBe(400);
    return (e.errors as { field: string; message: string }[])[0]!.message;
  }
}

describe('a withdrawal address must be of the configured network', () => {
  for (const network of NETWORKS)
    for (const of of NETWORKS)
      for (const [form, address] of Object.entries(FORMS[of]))
        test(`${network}: ${of} ${form} is ${accepts(network, of, form) ? 'accepted' : 'refused'}`, () => {
          const error = fieldError(() => checkAddress(address, network));
          if (accepts(network, of, form)) expect(error).toBeNull();
          else expect(error).toMatch(/^This is a Bitcoin (mainnet|testnet|regtest) address; withdrawals here go to Bitcoin (mainnet|testnet|regtest) addresses\.$/);
        });

  test('regtest names testnet for a tb1 address', () => {
    expect(fieldError(() => checkAddress(FORMS.testnet['tb1 (P2WPKH)']!, 'regtest'))).toBe('This is a Bitcoin testnet address; withdrawals here go to Bitcoin regtest addresses.');
  });
});

describe('a Lightning invoice must be of the configured network (lnbc, lntb, lnbcrt)', () => {
  const PREFIX: Record<BitcoinNetwork, 'bc' | 'tb' | 'bcrt'> = { mainnet: 'bc', testnet: 'tb', regtest: 'bcrt' };
  for (const network of NETWORKS)
    for (const of of NETWORKS)
      test(`${network}: an ln${PREFIX[of]} invoice is ${of === network ? 'accepted' : 'refused'}`, () => {
        const error = fieldError(() => checkLightning(makeBolt11({ network: PREFIX[of], sats: null }), network, 1000, '50000'));
        expect(error).toBe(of === network ? null : `This Lightning invoice is not for Bitcoin ${network}.`);
      });
});

describe('a BOLT11 amount never exceeds what the held dollars buy', () => {
  // $100 at 50,000 USD/BTC is 200,000 sats exactly.
  test('one satoshi more than $100 buys is refused, naming the amount to invoice', () => {
    expect(fieldError(() => checkLightning(makeBolt11({ sats: 200_001 }), 'regtest', 10_000, '50000'))).toBe(
      "This invoice asks for 0.00200001 BTC, more than $100.00 at today's rate. Create an invoice for at most 200,000 sats (0.00200000 BTC), or one without an amount.",
    );
  });

  test('an invoice worth $100.45 for a $100 withdrawal (within the old 1 % tolerance) is refused', () => {
    expect(fieldError(() => checkLightning(makeBolt11({ sats: 200_900 }), 'regtest', 10_000, '50000'))).toBe(
      "This invoice asks for 0.00200900 BTC, more than $100.00 at today's rate. Create an invoice for at most 200,000 sats (0.00200000 BTC), or one without an amount.",
    );
  });

  test('exactly what $100 buys is accepted with that amount; a rate that does not divide rounds the most down', () => {
    expect(checkLightning(makeBolt11({ sats: 200_000 }), 'regtest', 10_000, '50000')).toMatchObject({ kind: 'bolt11', amountBtc: '0.00200000' });
    // $100 at 60,000 USD/BTC: 166,666.67 sats, so at most 166,666.
    expect(checkLightning(makeBolt11({ sats: 166_666 }), 'regtest', 10_000, '60000')).toMatchObject({ amountBtc: '0.00166666' });
    expect(fieldError(() => checkLightning(makeBolt11({ sats: 166_667 }), 'regtest', 10_000, '60000'))).toContain('at most 166,666 sats (0.00166666 BTC)');
  });

  test('a fraction of a satoshi above what $100 buys is refused: the payout would have to send the satoshi above it', () => {
    // 200,000.001 sats: a BTC payout cannot pay the fraction, so the invoice asks for 200,001.
    const message = fieldError(() => checkLightning(makeBolt11({ msat: 200_000_001 }), 'regtest', 10_000, '50000'));
    expect(message).toBe(
      "This invoice asks for 0.00200001 BTC, more than $100.00 at today's rate. Create an invoice for at most 200,000 sats (0.00200000 BTC), or one without an amount.",
    );
    // A fraction of a satoshi below the most is paid as the whole satoshi above it, which is still within.
    expect(checkLightning(makeBolt11({ msat: 199_999_999 }), 'regtest', 10_000, '50000')).toMatchObject({ kind: 'bolt11', amountBtc: '0.00200000' });
    expect(checkLightning(makeBolt11({ msat: 200_000_000 }), 'regtest', 10_000, '50000')).toMatchObject({ kind: 'bolt11', amountBtc: '0.00200000' });
  });

  test('an amountless invoice and a Lightning address carry no amount of their own', () => {
    expect(checkLightning(makeBolt11({ sats: null }), 'regtest', 10_000, '50000')).toMatchObject({ kind: 'bolt11', amountBtc: null });
    expect(checkLightning('Alice@Wallet.example.com', 'regtest', 10_000, '50000')).toEqual({ kind: 'lightning-address', value: 'alice@wallet.example.com' });
  });
});
