/**
 * What a visitor's click on a player-only action shows instead of bouncing off the sign-in guard (spec §2).
 * The enhancement script draws the toast; the fixed id keeps repeated clicks to one toast.
 */
export const LOGIN_TOAST_MESSAGE = 'Login or register to get started!';

export const loginToast = { 'data-toast': LOGIN_TOAST_MESSAGE, 'data-toast-id': 'login-first' } as const;
