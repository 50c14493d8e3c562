import { expect, test } from 'bun:test';
import { payoutProofOf } from './payout-proof';

const txid = 'ab'.repeat(32);

test('an on-chain proof is its transaction id (transactionId, or id as BTCPay also gives it), with its link', () => {
  expect(payoutProofOf(JSON.stringify({ proofType: 'PayoutTransactionOnChainBlob', transactionId: txid, link: 'https://x/tx' }))).toEqual({ kind: 'transaction', txid, link: 'https://x/tx' });
  expect(payoutProofOf(JSON.stringify({ proofType: 'PayoutTransactionOnChainBlob', id: txid }))).toEqual({ kind: 'transaction', txid, link: null });
});

test('a Lightning proof is its payment hash and preimage', () => {
  const [hash, preimage] = ['cd'.repeat(32), 'ef'.repeat(32)];
  expect(payoutProofOf(JSON.stringify({ proofType: 'PayoutLightningBlob', id: hash, preimage }))).toEqual({ kind: 'lightning', paymentHash: hash, preimage });
});

test('no proof, an empty one or one that cannot be read is none', () => {
  for (const stored of [null, '', 'null', '[]', '{"proofType":"PayoutTransactionOnChainBlob"}', '{not json']) expect(payoutProofOf(stored)).toBeNull();
});
