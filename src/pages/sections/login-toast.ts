/**
 * What a visitor's click on a player-only action says (spec §2). Instead of a toast on a page that offers no next
 * step (DESIGN §8), the click goes to /register (or /login) where these words are shown as a notice.
 */
export const LOGIN_TOAST_MESSAGE = 'Login or register to get started!';

/** The query flag that asks /register or /login to show LOGIN_TOAST_MESSAGE. */
export const START_FLAG = 'start';

export const startHref = (to: '/register' | '/login') => `${to}?${START_FLAG}=1`;

/** Where a visitor's link to a signed-in section goes: sign in, then land on that section. */
export const signInFor = (path: string) => `/login?next=${encodeURIComponent(path)}`;
