import type { Client } from '@libsql/client';
import type { IdempotencyPlugin } from '../../http/idempotency';
import type { Logger } from '../../lib/logger';
import type { Overview } from '../../services/admin/overview';
import type { GamesService } from '../../services/games/games.service';
import type { Ledger } from '../../services/ledger/ledger.types';
import type { DepositService } from '../../services/payments/deposit-service';
import type { WithdrawalService } from '../../services/payments/withdrawal-service';
import type { Hub } from '../../ws/hub.port';
import type { TwoStepEvent } from '../../services/auth/two-step';
import type { IdentityService } from '../../services/identity/identity-service';
import type { ComplianceService } from '../../services/compliance/compliance-service';

/** What the operator API needs: the same services the player API and the operator commands use. */
export type AdminDeps = {
  client: Client;
  ledger: Ledger;
  hub: Hub;
  logger: Logger;
  idempotency: IdempotencyPlugin;
  withdrawals: WithdrawalService;
  games: GamesService;
  deposits: DepositService;
  overview: () => Promise<Overview>;
  maxAmountDollars: number;
  trustedHeader?: string;
  /** Two-step changes for the player's security activity (an operator's reset among them). */
  securityEvent?: (e: TwoStepEvent) => void;
  /** Identity submissions, their documents and the tax report. */
  identity?: IdentityService;
  /** The money-laundering watch's cases, frozen cash-outs, the sanctions list and the daily totals report. */
  compliance?: ComplianceService;
};
