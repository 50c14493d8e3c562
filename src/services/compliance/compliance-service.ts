import type { Client } from '@libsql/client';
import type { Actor } from '../admin/audit';
import { clearCase, escalateCase, unfreezeCashOut, type Release } from './case-actions';
import { cashOutState, getCase, listCases, openCaseCount } from './cases';
import { dailyTotals } from './daily-totals';
import type { CaseStatus } from './rules';
import { listStatus, listWarning, replaceList } from './sanctions';
import { createWithdrawalScreen } from './screen';
import type { AmlSettings } from './settings';
import { watchOnce } from './watch';

export type ComplianceOptions = {
  client: Client;
  settings: AmlSettings;
  /** Sends on the withdrawals a case or a freeze no longer holds (the withdrawal service's releaseHeld). */
  release?: Release;
  /** True while money moves: the watch job goes slowly then. */
  busy?: () => boolean;
  /** Production: the console says when the sanctions list is missing or old. */
  production: boolean;
};

/** The money-laundering watch, its cases and the sanctions list (docs/decisions/compliance-watch.md). */
export function createComplianceService(o: ComplianceOptions) {
  return {
    settings: o.settings,
    screen: createWithdrawalScreen(o.client, o.settings),
    list: (f: { status?: CaseStatus; player?: string; page?: number }) => listCases(o.client, f),
    get: (id: string) => getCase(o.client, id),
    openCount: () => openCaseCount(o.client),
    cashOut: (userId: string) => cashOutState(o.client, userId),
    clear: (actor: Actor, id: string, reason: string) => clearCase(o.client, o.release, actor, id, reason),
    escalate: (actor: Actor, id: string, reason: string) => escalateCase(o.client, actor, id, reason),
    unfreeze: (actor: Actor, userId: string, reason: string) => unfreezeCashOut(o.client, o.release, actor, userId, reason),
    sanctions: {
      status: () => listStatus(o.client),
      /** What the console shows about the list: in production, a missing or old list; elsewhere nothing. */
      async warning(): Promise<string | null> {
        return o.production ? listWarning(await listStatus(o.client)) : null;
      },
      replace: (entries: string[], source: string, listDate: number) => replaceList(o.client, entries, source, listDate),
    },
    watchOnce: () => watchOnce({ client: o.client, settings: o.settings, busy: o.busy }),
    dailyTotals: (dayStart: number) => dailyTotals(o.client, dayStart, o.settings.reportCents),
  };
}
export type ComplianceService = ReturnType<typeof createComplianceService>;
