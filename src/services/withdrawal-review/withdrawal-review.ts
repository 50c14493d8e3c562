import type { Client } from '@libsql/client';
import { AppError } from '../../lib/app-error';
import { walletId, type Ledger } from '../ledger/ledger.types';
import { assertNotInDebt } from '../protection/debt';
import { btcWithinCents } from '../payments/btc-amount';
import type { PaymentMethodId } from '../payments/payments.port';
import { checkAddress, checkLightning, type BitcoinNetwork, type Destination } from '../payments/withdraw-destination';
import { limitError, notCovered, type CashOutLimits, type WithdrawalLimits } from '../payments/withdrawals';

export type ReviewOptions = {
  client: Client;
  ledger: Ledger;
  network: BitcoinNetwork;
  limits: Pick<WithdrawalLimits, 'dailyMaxCents' | 'maxOpen'>;
  /** The rate a withdrawal request reads (the withdrawal service's). */
  rate: () => Promise<string>;
  /** Identity before cash-out, as the withdrawal service asks it. */
  checkIdentity?: (userId: string, amountCents: number) => Promise<CashOutLimits | void>;
  now?: () => number;
};

export type ReviewRequest = { userId: string; currency: PaymentMethodId; address: string; amountCents: number; tipCents: number };

/** What the player checks before confirming: the destination as it will be paid, and the BTC at the rate read now. */
export type WithdrawalReview = {
  currency: PaymentMethodId;
  destination: Destination;
  amountCents: number;
  tipCents: number;
  /** USD per BTC, as read now. */
  rate: string;
  btcAmount: string;
  /** The BTC amount is the invoice's own (a BOLT11 with an amount): no rate changes it. */
  btcFixed: boolean;
  readAt: number;
};

const isCashOutRefusal = (e: unknown) => e instanceof AppError && (e.errorType === 'IDENTITY_REQUIRED' || e.errorType === 'TAX_DETAILS_REQUIRED');

/**
 * A withdrawal checked as the request would check it, in the same order, without holding anything: the debt pause,
 * the rate, the destination, identity and tax details, the balance and the player's limits. The request checks all of
 * it again when it is confirmed (and the hold's transaction decides), so this only tells the player early.
 */
export function createWithdrawalReview(o: ReviewOptions) {
  const now = o.now ?? Date.now;
  return {
    async review(r: ReviewRequest): Promise<WithdrawalReview> {
      await assertNotInDebt(o.client, r.userId);
      const rate = await o.rate();
      const destination = r.currency === 'BTC-CHAIN' ? checkAddress(r.address, o.network) : checkLightning(r.address, o.network, r.amountCents, rate);
      const available = async () => (await o.ledger.balance(walletId(r.userId))).availableCents;
      await o.checkIdentity?.(r.userId, r.amountCents).catch(async (e) => {
        // As the request orders them: money the wallet does not hold is said before an identity to verify.
        if (isCashOutRefusal(e) && (await available()) < r.amountCents + r.tipCents) throw notCovered(r.tipCents);
        throw e;
      });
      if ((await available()) < r.amountCents + r.tipCents) throw notCovered(r.tipCents);
      const at = now();
      const limit = await limitError(o.client, r.userId, r.amountCents, { ...o.limits, autoApproveCents: 0 }, at);
      if (limit) throw limit;
      const invoiceBtc = destination.kind === 'bolt11' ? destination.amountBtc : null;
      return {
        currency: r.currency, destination, amountCents: r.amountCents, tipCents: r.tipCents, rate,
        btcAmount: invoiceBtc ?? btcWithinCents(r.amountCents, rate), btcFixed: invoiceBtc !== null, readAt: at,
      };
    },
  };
}
export type WithdrawalReviewService = ReturnType<typeof createWithdrawalReview>;
