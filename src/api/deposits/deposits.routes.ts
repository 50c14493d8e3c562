import { Elysia } from 'elysia';
import type { Config } from '../../config';
import type { Session } from '../../http/session';
import type { IdempotencyPlugin } from '../../http/idempotency';
import { AppError } from '../../lib/app-error';
import { m } from '../../i18n/paraglide/messages.js';
import { text } from '../../i18n/text';
import { sandboxGate } from '../../http/loopback';
import { validate } from '../../lib/validate';
import { checkDeposit } from '../../shared/schemas/deposit';
import type { DepositService } from '../../services/payments/deposit-service';
import { SIMULATE_ACTIONS, type SandboxSimulator, type SimulateAction } from '../../services/payments/sandbox/sandbox-simulator';
import { depositCents, toDepositData } from './deposits.model';

type DepositDeps = { config: Config; deposits: DepositService; idempotency: IdempotencyPlugin; simulator: SandboxSimulator | null };

/** Bitcoin deposits: create one (spec §7), read one back, and outside production pay a sandbox one by hand. */
export const depositsRoutes = (d: DepositDeps, session: Session) =>
  new Elysia({ name: 'deposits-routes' })
    .use(session)
    .use(d.idempotency)
    .post('/btc/create-deposit-request', async ({ player, body, idempotency }) => {
      const input = validate(checkDeposit, body);
      const amountCents = depositCents(input.amount, d.config.DEPOSIT_MIN_DOLLARS, d.config.DEPOSIT_MAX_DOLLARS);
      const deposit = await d.deposits.create({ userId: player.userId, email: player.email, amountCents, requestKey: idempotency?.key });
      return { success: true, message: m.api_deposit_created(), data: toDepositData(deposit) };
    }, { auth: true, idempotent: true })
    .get('/btc/deposit/:id', async ({ player, params }) => {
      const deposit = await d.deposits.get(player.userId, params.id);
      if (!deposit) throw AppError.notFound(text(m.api_deposit_not_found));
      return { success: true, data: toDepositData(deposit) };
    }, { auth: true })
    .post('/sandbox/deposits/:id/simulate', async ({ player, params, body, request }) => {
      // Anyone else gets what an unknown path gets: nothing says the control exists.
      if (!d.simulator || !sandboxGate(d.config)(request)) throw AppError.notFound();
      const action = (body as { action?: unknown } | null)?.action;
      if (typeof action !== 'string' || !SIMULATE_ACTIONS.includes(action as SimulateAction))
        throw AppError.invalid([{ field: 'action', message: `action must be one of ${SIMULATE_ACTIONS.join(', ')}` }]);
      const deposit = await d.deposits.get(player.userId, params.id);
      if (!deposit?.invoiceId) throw AppError.notFound(text(m.api_deposit_not_found));
      await d.simulator.simulate(deposit.invoiceId, action as SimulateAction);
      await d.deposits.idle();
      return { success: true, message: m.api_payment_simulated(), data: toDepositData((await d.deposits.get(player.userId, params.id))!) };
    }, { auth: true });
