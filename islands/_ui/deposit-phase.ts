// What has happened to a deposit's money, as the deposit page says it at its top. The server renders the page
// from it and the DepositStatus island works it out again from every live re-read, so both always agree.

export type DepositPhase = 'pending' | 'processing' | 'partial' | 'paid' | 'expired';

export type DepositFigures = {
  status: string;
  invoiceStatus: string | null;
  amountCents: number;
  creditedCents: number;
  processingCents: number;
  /** When the invoice stops taking payments (ms); null when unknown. */
  expiresAtMs: number | null;
};

/** Whether the invoice still takes a payment at `nowMs`: not expired by the clock nor by the provider. */
export function payable(d: DepositFigures, nowMs: number): boolean {
  if (d.status === 'expired' || d.status === 'failed') return false;
  if (d.invoiceStatus && d.invoiceStatus !== 'New') return false;
  return d.expiresAtMs === null || d.expiresAtMs > nowMs;
}

/**
 * paid: everything asked for (or more) is in the wallet. processing: a payment is seen and waits for its
 * confirmation. partial: some of it arrived and the rest is still due. expired: the invoice can no longer be
 * paid and nothing (more) is on its way. pending: waiting for the payment.
 */
export function depositPhase(d: DepositFigures, nowMs: number): DepositPhase {
  if (d.creditedCents > 0 && d.creditedCents >= d.amountCents) return 'paid';
  if (d.processingCents > 0) return 'processing';
  if (d.creditedCents > 0) return 'partial';
  return payable(d, nowMs) ? 'pending' : 'expired';
}

/** What has arrived for a deposit: nothing yet, a payment still confirming, part of it, or all it asked. */
export type ArrivedState = 'none' | 'confirming' | 'part' | 'paid';

/**
 * What a deposit's figures (cents) say has arrived; held money (past a limit, in a break) arrived too, though it is
 * not in the wallet. Once anything has, nothing may invite paying the deposit as if it had not (the sandbox's panel).
 */
export function arrivedState(d: { amountCents: number; creditedCents: number; heldCents: number; processingCents: number }): ArrivedState {
  if (d.processingCents > 0) return 'confirming';
  if (d.creditedCents > 0 && d.creditedCents >= d.amountCents) return 'paid';
  return d.creditedCents > 0 || d.heldCents > 0 ? 'part' : 'none';
}

/** What is still to pay, in cents (never below 0). */
export const stillDueCents = (d: Pick<DepositFigures, 'amountCents' | 'creditedCents' | 'processingCents'>): number =>
  Math.max(0, d.amountCents - d.creditedCents - d.processingCents);

/** Whole seconds until `expiresAtMs` (0 once passed). */
export const secondsUntil = (expiresAtMs: number, nowMs: number): number => Math.max(0, Math.ceil((expiresAtMs - nowMs) / 1000));

/** The URI a wallet on the same phone opens: BOLT11 as `lightning:`, an address as BIP21 with the amount. */
export function walletUri(method: 'lightning' | 'onchain', destination: string, amountBtc?: string | null): string {
  if (method === 'lightning') return /^lightning:/i.test(destination) ? destination : `lightning:${destination}`;
  const address = destination.replace(/^bitcoin:/i, '');
  return amountBtc ? `bitcoin:${address}?amount=${amountBtc}` : `bitcoin:${address}`;
}
