import { describe, expect, test } from 'bun:test';
import { bech32 } from '@scure/base';
import { decode } from 'light-bolt11-decoder';
import { checkAddress, checkLightning } from '../withdraw-destination';
import { call, makeApp } from '../../../../tests/helpers/app';
import { createPlayer } from '../../../../tests/helpers/players';
import { fund } from '../../../../tests/helpers/money';
import { bech32Encode, sandboxAddress, sandboxInvoice, toWords } from './sandbox-destinations';

const NETWORKS = ['mainnet', 'testnet', 'regtest'] as const;
const PREFIX = { mainnet: 'bc1q', testnet: 'tb1q', regtest: 'bcrt1q' };

describe("the sandbox's destinations are valid for the configured network", () => {
  test('addresses: P2WPKH with a true checksum, taken by the withdrawal check of their network only', () => {
    for (const network of NETWORKS)
      for (let i = 0; i < 200; i++) {
        const a = sandboxAddress(network);
        expect(a.startsWith(PREFIX[network])).toBe(true);
        // An independent decoder agrees on the checksum and the 20-byte program.
        const d = bech32.decode(a);
        expect(bech32.fromWords(d.words.slice(1))).toHaveLength(20);
        expect(checkAddress(a, network)).toEqual({ kind: 'address', value: a });
        for (const other of NETWORKS.filter((n) => n !== network)) expect(() => checkAddress(a, other)).toThrow();
      }
  });

  test('the encoder matches BIP-173 and @scure/base on the same words', () => {
    expect(bech32Encode('bc', [0, ...toWords(Buffer.from('751e76e8199196d454941c45d1b3a323f1433bd6', 'hex'))])).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    for (let i = 0; i < 100; i++) {
      const bytes = crypto.getRandomValues(new Uint8Array(1 + (i % 64)));
      expect(bech32Encode('lnbcrt', toWords(bytes))).toBe(bech32.encode('lnbcrt', bech32.toWords(bytes), 2000));
    }
  });

  test('Lightning invoices: decodable, of the network, for the amount, and payable long enough for a withdrawal', () => {
    const now = Date.now();
    for (const network of NETWORKS) {
      const inv = sandboxInvoice(network, 50_000n, 1800, now);
      const d = decode(inv);
      const hrp = (d.sections.find((s) => s.name === 'coin_network')?.value as { bech32: string }).bech32;
      expect(hrp).toBe({ mainnet: 'bc', testnet: 'tb', regtest: 'bcrt' }[network]);
      expect(d.sections.find((s) => s.name === 'amount')?.value).toBe('50000000');
      expect(d.expiry).toBe(1800);
      // $25 at $50,000 is exactly 50,000 sats: the site's own check takes it back.
      expect(checkLightning(inv, network, 2_500, '50000', now)).toMatchObject({ kind: 'bolt11', amountBtc: '0.00050000' });
    }
  });
});

test('a developer withdraws to the address the sandbox gave them for a deposit', async () => {
  const app = await makeApp();
  const p = await createPlayer(app);
  await fund(app, p.userId, 20_000);
  const dep = await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount: '25' }, { token: p.token });
  const methods = dep.json.data.payment_methods as { paymentMethodId: string; destination: string }[];
  const chain = methods.find((m) => m.paymentMethodId === 'BTC-CHAIN')!.destination;
  const r = await call(app, 'POST', '/api/v1/withdraw/review', { currency: 'BTC-CHAIN', wallet_address: chain, amount: 100, tip: 0 }, { token: p.token });
  expect([r.status, r.json.review?.wallet_address]).toEqual([200, chain]);
  // Its Lightning invoice is one too (for $25: not more than the $25 withdrawn buy).
  const ln = methods.find((m) => m.paymentMethodId === 'BTC-LN')!.destination;
  const l = await call(app, 'POST', '/api/v1/withdraw/review', { currency: 'BTC-LN', wallet_address: ln, amount: 25, tip: 0 }, { token: p.token });
  expect([l.status, l.json.review?.destinationKind, l.json.review?.btcFixed]).toEqual([200, 'bolt11', true]);
  await app.deps.deposits.idle();
});
