/**
 * What shows a payout was paid, read from BTCPay's paymentProof as kept in withdrawals.proof. Its fields are free
 * (only proofType is fixed): the on-chain processor stores transactionId (and id, the same txid), a Lightning payout
 * stores id (the payment hash) and preimage, the proof that the invoice was paid.
 */
export type PayoutProof =
  | { kind: 'transaction'; txid: string | null; link: string | null }
  | { kind: 'lightning'; paymentHash: string | null; preimage: string | null };

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);

/** The proof in the fields an operator can check, or null when none was recorded (or it cannot be read). */
export function payoutProofOf(stored: string | null): PayoutProof | null {
  let p: Record<string, unknown>;
  try {
    const v = stored ? JSON.parse(stored) : null;
    if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
    p = v as Record<string, unknown>;
  } catch {
    return null;
  }
  if (p.proofType === 'PayoutLightningBlob') {
    const paymentHash = text(p.paymentHash) ?? text(p.id);
    const preimage = text(p.preimage);
    return paymentHash || preimage ? { kind: 'lightning', paymentHash, preimage } : null;
  }
  const txid = text(p.transactionId) ?? text(p.id);
  const link = text(p.link);
  return txid || link ? { kind: 'transaction', txid, link } : null;
}
