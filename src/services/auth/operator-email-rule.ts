import { AppError } from '../../lib/app-error';

export const OPERATOR_EMAIL_FROM_SERVER = "An operator's email address can only be changed on the server's command line: coinreel admin email OLD NEW.";

/**
 * An operator's own session never moves the account's mailbox: whoever has the password could otherwise move it first
 * and then prove "their" mailbox for two-step. The server's command line changes it (services/admin/operator-email.ts).
 */
export function refuseOperatorEmailChange(role: string | null | undefined): void {
  if (role === 'ADMIN') throw new AppError(403, OPERATOR_EMAIL_FROM_SERVER, 'OPERATOR_EMAIL_FROM_SERVER', [{ field: 'email', message: OPERATOR_EMAIL_FROM_SERVER }]);
}
