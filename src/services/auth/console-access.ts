/**
 * Whether a signed-in operator's session may open the console when OPERATOR_TWO_STEP=required. The account having
 * two-step on is not enough: the session itself must have passed a second factor at sign-in (a code or a recovery
 * code). A session that signed in with the password alone stays out, even after it turned two-step on: a thief with
 * the password can do that with their own authenticator (docs/decisions/session-second-factor.md).
 */
export type ConsoleRefusal = 'TURN_ON_TWO_STEP' | 'SIGN_IN_WITH_CODE';

export const OPERATOR_TWO_STEP_PATH = '/profile-setting?two-step=required#two-step';
export const OPERATOR_TWO_STEP_MESSAGE = 'The operator console needs two-step verification: turn it on in your profile settings first.';
export const OPERATOR_SIGN_IN_AGAIN_PATH = '/profile-setting?two-step=sign-in-again#two-step';
export const OPERATOR_SIGN_IN_AGAIN_MESSAGE = 'The operator console opens only for a sign-in with your two-step code. Sign out, then sign in again with your email, password and code.';

export function consoleRefusal(s: { twoStep?: boolean; secondFactor?: boolean }, required: boolean): ConsoleRefusal | null {
  if (!required) return null;
  if (!s.twoStep) return 'TURN_ON_TWO_STEP';
  return s.secondFactor ? null : 'SIGN_IN_WITH_CODE';
}

/** What the refusal says and where it sends the operator. */
export const CONSOLE_REFUSALS: Record<ConsoleRefusal, { message: string; path: string }> = {
  TURN_ON_TWO_STEP: { message: OPERATOR_TWO_STEP_MESSAGE, path: OPERATOR_TWO_STEP_PATH },
  SIGN_IN_WITH_CODE: { message: OPERATOR_SIGN_IN_AGAIN_MESSAGE, path: OPERATOR_SIGN_IN_AGAIN_PATH },
};
