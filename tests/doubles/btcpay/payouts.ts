import type { Answer } from './invoices';
import { base58Id, formatBtc, hex, nowSeconds, parseBtc } from './ids';

/**
 * Store payouts without a pull payment (contract README section 6): amounts in the method's crypto (BTC), states
 * AwaitingApproval → AwaitingPayment → InProgress → Completed, or Cancelled; PayoutCreated/Approved/Updated events.
 */
export type PayoutState = 'AwaitingApproval' | 'AwaitingPayment' | 'InProgress' | 'Completed' | 'Cancelled';
export type StoredPayout = {
  id: string;
  storeId: string;
  revision: number;
  date: number;
  destination: string;
  originalAmount: string;
  payoutAmount: string | null;
  payoutMethodId: 'BTC-CHAIN' | 'BTC-LN';
  state: PayoutState;
  paymentProof: Record<string, unknown> | null;
  metadata: Record<string, unknown>;
};
export type PayoutEmit = (type: 'PayoutCreated' | 'PayoutApproved' | 'PayoutUpdated', payout: StoredPayout) => void;

const MESSAGES: Record<string, string> = {
  'duplicate-destination': 'This destination is already used by another payout that is not completed or cancelled',
  overdraft: 'The payout amount exceeds the available balance',
};

export class PayoutBook {
  readonly payouts = new Map<string, StoredPayout>();
  nextError: { code: string; message: string } | null = null;

  constructor(
    private readonly storeId: string,
    private readonly emit: PayoutEmit,
    private readonly dateAsString: boolean,
  ) {}

  create(body: any): Answer {
    const errors: { path: string; message: string }[] = [];
    if (body.payoutMethodId !== 'BTC-CHAIN' && body.payoutMethodId !== 'BTC-LN') errors.push({ path: 'payoutMethodId', message: 'Invalid or missing payoutMethodId' });
    if (typeof body.destination !== 'string' || !body.destination) errors.push({ path: 'destination', message: 'The destination is required' });
    // Without a pull payment the amount is in BTC and BTCPay does not compare it with a BOLT11's own amount at
    // creation (ClaimRequest.GetClaimedAmount: not comparable without a pull payment currency): absent, the
    // invoice's amount is taken; present, it is taken as given, and the processor cancels a mismatch later.
    let sats = body.amount === undefined || body.amount === null ? bolt11Sats(body.destination) : safeParse(body.amount);
    if (sats === null) errors.push({ path: 'amount', message: 'The amount is required unless the destination is a BOLT11 invoice with an amount' });
    if (errors.length) return { status: 422, json: errors };
    if (this.nextError) {
      const e = this.nextError;
      this.nextError = null;
      return { status: 400, json: e };
    }
    if (sats! <= 0) return { status: 400, json: { code: 'amount-too-low', message: 'The amount is too low' } };
    // Checked instance-wide by BTCPay: an active payout already holds this destination.
    if ([...this.payouts.values()].some((p) => p.destination === body.destination && p.state !== 'Completed' && p.state !== 'Cancelled'))
      return { status: 400, json: { code: 'duplicate-destination', message: MESSAGES['duplicate-destination'] } };
    const approved = body.approved === true;
    const payout: StoredPayout = {
      id: base58Id(),
      storeId: this.storeId,
      revision: 0,
      date: nowSeconds(),
      destination: body.destination,
      originalAmount: formatBtc(sats!),
      payoutAmount: approved ? formatBtc(sats!) : null,
      payoutMethodId: body.payoutMethodId,
      state: approved ? 'AwaitingPayment' : 'AwaitingApproval',
      paymentProof: null,
      metadata: body.metadata ?? {},
    };
    this.payouts.set(payout.id, payout);
    this.emit('PayoutCreated', payout);
    if (approved) this.emit('PayoutApproved', payout);
    return { status: 200, json: this.wire(payout) };
  }

  approve(payout: StoredPayout, body: any): Answer {
    if (typeof body.revision !== 'number') return { status: 422, json: [{ path: 'revision', message: 'The revision is required' }] };
    if (body.revision !== payout.revision) return { status: 400, json: { code: 'old-revision', message: 'The payout was modified since this revision' } };
    if (payout.state !== 'AwaitingApproval') return { status: 400, json: { code: 'invalid-state', message: `The payout is ${payout.state}` } };
    payout.state = 'AwaitingPayment';
    payout.payoutAmount = payout.originalAmount; // BTC to BTC: rate 1
    this.emit('PayoutApproved', payout);
    return { status: 200, json: this.wire(payout) };
  }

  cancel(payout: StoredPayout): Answer {
    if (payout.state === 'InProgress' || payout.state === 'Completed') return { status: 400, json: { code: 'invalid-state', message: `The payout is ${payout.state}` } };
    if (payout.state !== 'Cancelled') {
      payout.state = 'Cancelled';
      this.emit('PayoutUpdated', payout);
    }
    return { status: 200 };
  }

  /**
   * What a processor (or an operator) does: sending → InProgress, paid → Completed, each a PayoutUpdated. The
   * Lightning processor pays a BOLT11 for its own amount only: one whose amount differs from the payout's is
   * Cancelled instead (contract README §6; LightningAutomatedPayoutProcessor).
   */
  advance(payoutId: string, state: 'InProgress' | 'Completed', proof?: Record<string, unknown>) {
    const payout = this.payouts.get(payoutId);
    if (!payout) throw new Error(`no payout ${payoutId}`);
    const from = state === 'InProgress' ? ['AwaitingPayment'] : ['AwaitingPayment', 'InProgress'];
    if (!from.includes(payout.state)) throw new Error(`payout ${payoutId} is ${payout.state}, cannot become ${state}`);
    const own = payout.payoutMethodId === 'BTC-LN' ? bolt11Sats(payout.destination) : null;
    if (own !== null && own !== parseBtc(payout.payoutAmount ?? payout.originalAmount)) {
      payout.state = 'Cancelled';
      this.emit('PayoutUpdated', payout);
      return;
    }
    payout.state = state;
    payout.paymentProof = proof ?? payout.paymentProof ?? defaultProof(payout);
    this.emit('PayoutUpdated', payout);
  }

  list(includeCancelled: boolean) {
    return [...this.payouts.values()].filter((p) => includeCancelled || p.state !== 'Cancelled').map((p) => this.wire(p));
  }

  /** PayoutData as the code sends it: `date` a unix-seconds number (the contract says string; both are seen). */
  wire(p: StoredPayout) {
    return {
      id: p.id,
      revision: p.revision,
      pullPaymentId: null,
      date: this.dateAsString ? String(p.date) : p.date,
      destination: p.destination,
      originalCurrency: 'BTC',
      originalAmount: p.originalAmount,
      payoutCurrency: 'BTC',
      payoutAmount: p.payoutAmount,
      payoutMethodId: p.payoutMethodId,
      state: p.state,
      paymentProof: p.paymentProof,
      metadata: p.metadata,
    };
  }
}

function defaultProof(p: StoredPayout) {
  if (p.payoutMethodId === 'BTC-LN') return { proofType: 'PayoutLightningBlob', id: hex(32), preimage: hex(32) };
  return { proofType: 'PayoutTransactionOnChainBlob', id: hex(32) };
}

function safeParse(text: unknown): number | null {
  try {
    return typeof text === 'string' ? parseBtc(text) : null;
  } catch {
    return null;
  }
}

/** The amount of a BOLT11 from its human-readable part (lnbcrt<amount><multiplier>1…), or null. */
function bolt11Sats(destination: unknown): number | null {
  const m = typeof destination === 'string' ? /^ln(?:bcrt|bc|tb|tbs)(\d+)([munp])1/.exec(destination.toLowerCase()) : null;
  if (!m) return null;
  const perBtc = { m: 1e3, u: 1e6, n: 1e9, p: 1e12 }[m[2] as 'm' | 'u' | 'n' | 'p'];
  return Math.round((Number(m[1]) / perBtc) * 1e8);
}
