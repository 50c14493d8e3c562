import { describe, expect, test } from 'bun:test';
import { lightningNode, makeBolt11 } from '../../../tests/helpers/bolt11';
import { bolt11Payee, destinationKey, listEntry } from './destination-key';

// BOLT #11's own examples, signed by the node 03e7156a…dd9ad: its key is recovered from the signature alone.
const SPEC_DONATION = 'lnbc1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpl2pkx2ctnv5sxxmmwwd5kgetjypeh2ursdae8g6twvus8g6rfwvs8qun0dfjkxaq8rkx3yf5tcsyz3d73gafnh3cax9rn449d9p5uxz9ezhhypd0elx87sjle52x86fux2ypatgddc6k63n7erqz25le42c4u4ecky03ylcqca784w';
const SPEC_COFFEE = 'lnbc2500u1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpuaztrnwngzn3kdzw5hydlzf03qdgm2hdq27cqv3agm2awhz5se903vruatfhq77w3ls4evs3ch9zw97j25emudupq63nyw24cg27h2rspfj9srp';
const SPEC_NODE = '03e7156ae33b0a208d0744199163177e909e80176e55d97a2f221ede0f934dd9ad';

describe('a destination as the network reads it', () => {
  test('bech32 in lower case whatever case it was typed in; base58 as it is (its case is part of it)', () => {
    expect(destinationKey('BTC-CHAIN', ' BCRT1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KYGT080 ')).toBe('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080');
    expect(destinationKey('BTC-CHAIN', 'BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ')).toBe('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
    expect(destinationKey('BTC-CHAIN', '12QtD5BFwRsdNsAZY76UVE1xyCGNTojH9h')).toBe('12QtD5BFwRsdNsAZY76UVE1xyCGNTojH9h');
    expect(destinationKey('BTC-LN', 'Alice@Wallet.Example.com')).toBe('alice@wallet.example.com');
  });

  test('a BOLT11 invoice\'s payee: recovered from the signature (the spec\'s examples, in either case), or named in its n field', () => {
    expect(bolt11Payee(SPEC_DONATION)).toBe(SPEC_NODE);
    expect(bolt11Payee(SPEC_COFFEE.toUpperCase())).toBe(SPEC_NODE);
    expect(destinationKey('BTC-LN', `lightning:${SPEC_COFFEE}`)).toBe(SPEC_NODE);
    const node = lightningNode();
    expect(bolt11Payee(makeBolt11({ node }))).toBe(node.id);
    expect(bolt11Payee(makeBolt11({ node, naming: true, sats: 5_000 }))).toBe(node.id);
    // Unreadable: no key, so nothing is compared (a payer's node would refuse such an invoice too).
    expect(bolt11Payee(makeBolt11())).toBeNull();
    expect(bolt11Payee('lnbc1garbage')).toBeNull();
  });

  test('a list entry: any network\'s address or a node id; anything else is none', () => {
    expect(listEntry('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    expect(listEntry(SPEC_NODE.toUpperCase())).toBe(SPEC_NODE);
    for (const bad of ['0x901bb9583b24d97e995513c6778dc6888ab6870e', '1dice8EMZmqKvrGE4Qc9bUFf9PX3xaYDq', '04' + 'ab'.repeat(32), '']) expect(listEntry(bad)).toBeNull();
  });
});
