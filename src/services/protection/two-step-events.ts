import type { Client } from '@libsql/client';
import type { Logger } from '../../lib/logger';
import type { TwoStepEvent } from '../auth/two-step';
import { queueMailToPlayer } from '../mail/mail-queue';
import { securityEventRow } from './security-events';
import { errorFields } from '../../lib/redact';

type Effects = { client: Client; logger: Logger; /** The mail queue's worker (it also looks every second). */ wakeMail?: () => void };

/**
 * The two-step service's after-commit hook: TOTP_ENABLED and TOTP_DISABLED (by the player or an operator's reset)
 * go to the security activity, and the player is mailed: the event and the queued mail in one transaction. Regenerated
 * recovery codes are not an event of that list.
 */
export const twoStepSecurityEvents = (e: Effects) => (ev: TwoStepEvent): void => {
  if (ev.type !== 'TOTP_ENABLED' && ev.type !== 'TOTP_DISABLED') return;
  const type = ev.type;
  void (async () => {
    const at = Date.now();
    await e.client.batch([
      securityEventRow(ev.userId, type, {}, at),
      queueMailToPlayer({ kind: 'two-step-changed', userId: ev.userId, data: { on: type === 'TOTP_ENABLED', byOperator: !!ev.byOperator, at } }, at),
    ], 'write');
    e.wakeMail?.();
  })().catch((err: unknown) => e.logger.error('security event failed', { type, ...errorFields(err) }));
};
