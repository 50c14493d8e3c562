export type BitcoinNetwork = 'mainnet' | 'testnet' | 'regtest';

/**
 * The withdraw form's placeholders: a whole, valid address of the configured network (BIP-173's own P2WPKH example,
 * checksum and all, so a developer who pastes it is not refused), and how an invoice of that network begins.
 */
export const ADDRESS_EXAMPLES: Record<BitcoinNetwork, { address: string; invoice: string }> = {
  mainnet: { address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', invoice: 'lnbc…' },
  testnet: { address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', invoice: 'lntb…' },
  regtest: { address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', invoice: 'lnbcrt…' },
};
