export type BitcoinNetwork = 'mainnet' | 'testnet' | 'regtest';

/** How an address and a Lightning invoice of the configured network begin, for the withdraw form's placeholders. */
export const ADDRESS_HINTS: Record<BitcoinNetwork, { address: string; invoice: string }> = {
  mainnet: { address: 'bc1…', invoice: 'lnbc…' },
  testnet: { address: 'tb1…', invoice: 'lntb…' },
  regtest: { address: 'bcrt1…', invoice: 'lnbcrt…' },
};
