import { Elysia } from 'elysia';
import type { Deps } from '../../deps';
import type { Session } from '../../http/session';
import { enforce } from '../../http/rate-limit';
import { validate } from '../../lib/validate';
import { dollarsFromCents, formatCents } from '../../shared/money';
import { checkFreeplay, checkP2P } from '../../shared/schemas/wallet';
import { redeemFreeplay } from '../../services/wallet/freeplay';
import { sendCredits } from '../../services/wallet/p2p';
import { findRecipient, maskedName, p2pReceipt, type P2PReceipt } from '../../services/wallet/p2p-recipient';
import { AppError } from '../../lib/app-error';
import { m } from '../../i18n/paraglide/messages.js';
import { text } from '../../i18n/text';
import { pushBalance, pushNotification } from './push';
import { amountCents, walletBalanceBody } from './wallet.model';

/** Balance, P2P transfers and freeplay codes: the calls that move a player's credits. */
export const walletRoutes = (deps: Deps, session: Session) =>
  new Elysia({ name: 'wallet-routes' })
    .use(session)
    .use(deps.idempotency)
    .get('/user/wallet-balance', ({ player }) => walletBalanceBody(player), { auth: true })
    // P2P's confirmation step: the receiver's name and Player ID, before anything moves.
    .get('/transfer/recipient', async ({ player, query, set }) => {
      const { email } = validate(checkP2P, { email: query.email, amount: 1 });
      await enforce(deps.rateLimiter, 'recipientLookupPerUser', player.userId);
      set.headers['cache-control'] = 'no-store';
      const r = await findRecipient(deps.database.client, player, String(email));
      return { success: true, recipient: { name: r.name, playerId: r.playerId } };
    }, { auth: true })
    // A sent transfer's receipt, for the page that shows it until the player dismisses it.
    .get('/transfer/receipt/:transactionId', async ({ player, params }) => {
      const r = await p2pReceipt(deps.database.client, player.userId, params.transactionId);
      if (!r) throw AppError.notFound(text(m.api_no_such_transfer));
      return { success: true, receipt: toReceipt(r) };
    }, { auth: true })
    .post('/transfer/p2p-transfer', async ({ player, body, idempotency }) => {
      const input = validate((b) => checkP2P(b, { numbersOnly: true }), body);
      const cents = amountCents(input.amount, deps.config.MAX_AMOUNT_DOLLARS);
      // With a key, the ledger's externalRef makes even a retry after a crash move the money once.
      // The code is checked once the receiver is known, so a mistyped address never spends it.
      // Whether two-step is on came with the session read: a player without it costs no read of the two-step row.
      const stepUp = () => deps.twoStep.check(player.userId, (input as { totp?: unknown }).totp, player.twoStep);
      // A refused send says whether the address has an account, as the lookup does: 404 for none, and for a known one
      // whatever comes after it (409 too little, 401 the two-step code missing or wrong). Every refusal spends the
      // lookup's allowance, and past it is a 429 that says neither. A send that goes through costs nothing more.
      const r = await sendCredits(deps.database.client, deps.ledger, player, String(input.email), cents, idempotency?.ref, Date.now(), stepUp).catch(async (e) => {
        if (e instanceof AppError && e.status < 500 && e.status !== 429) await enforce(deps.rateLimiter, 'recipientLookupPerUser', player.userId);
        throw e;
      });
      // After commit: both players' open pages hear of it.
      const walletCents = await pushBalance(deps.ledger, deps.hub, player.userId, r.senderAvailableCents);
      if (!r.replayed) {
        void pushBalance(deps.ledger, deps.hub, r.receiver.userId, r.receiverAvailableCents);
        pushNotification(deps.hub, player.userId, r.notes.sender);
        pushNotification(deps.hub, r.receiver.userId, r.notes.receiver);
        // The receiver's toast names the sender as other players know them: their name, else their Player ID (never the e-mail).
        deps.hub.publish(r.receiver.userId, { event: 'p2pReceived', data: { amount: dollarsFromCents(cents), from: senderLabel(player) } });
        // Its e-mail was queued with the transfer; the queue sends it after this answer.
        deps.mailQueue.wake();
      }
      // A new transfer's receipt is what was just written; a replay's is read back.
      const receipt = r.replayed
        ? await p2pReceipt(deps.database.client, player.userId, r.transactionUuid)
        : { transactionId: r.transactionUuid, amountCents: cents, recipient: { ...r.receiverShown, name: maskedName(r.receiverShown.name), email: r.receiver.email }, createdAt: r.createdAt };
      return { success: true, message: m.api_p2p_sent({ amount: formatCents(cents), email: r.receiver.email }), transactionId: r.transferId, walletAmount: dollarsFromCents(walletCents), ...(receipt && { receipt: toReceipt(receipt) }) };
      // While the lookup's allowance is spent, a send is refused before its key is stored.
    }, { auth: true, idempotent: { rateLimit: 'recipientLookupPerUser' } })
    .post('/freeplay/redeem', async ({ player, body }) => {
      const { code } = validate(checkFreeplay, body);
      const r = await redeemFreeplay(deps.database.client, deps.ledger, player.userId, String(code));
      const walletCents = await pushBalance(deps.ledger, deps.hub, player.userId);
      pushNotification(deps.hub, player.userId, r.note);
      return { success: true, message: m.api_freeplay_redeemed({ amount: formatCents(r.amountCents) }), walletAmount: dollarsFromCents(walletCents) };
      // Every try counts against the guessing limit, before its key is stored.
    }, { auth: true, idempotent: { rateLimit: 'freeplayPerUser', count: true } });

/** The receipt on the wire: dollars and an ISO time, as the rest of the API. */
const toReceipt = (r: P2PReceipt) => ({
  transactionId: r.transactionId,
  amount: dollarsFromCents(r.amountCents),
  recipient: r.recipient,
  createdAt: new Date(r.createdAt).toISOString(),
});

/** How a receiver's toast names the sender: their name when they gave one, else their Player ID. */
export const senderLabel = (p: { name: string | null; playerId: number }) => (p.name?.trim() ? p.name.trim() : `Player ID ${p.playerId}`);
