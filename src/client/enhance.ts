// The one script on every page (DESIGN §6): plain DOM, no React, no dependencies. Module scripts run after the
// document is parsed, so the markup is there. Toasts go first: their link handler must claim a click before
// the scroll handler sees it.
import { initDropdowns } from './dropdowns';
import { forgetBalance, rememberLang } from './live/last-seen';
import { initNav } from './nav';
import { initScroll } from './scroll';
import { initTicker } from './ticker';
import { initToasts } from './toasts';
import { initToTop } from './to-top';

initToasts();
initNav();
initDropdowns();
initScroll();
initTicker();
initToTop();
// A visitor's page (signed out, or never in): no balance stays in this tab for the offline page to show.
if (document.body.dataset.signedIn === 'false') forgetBalance();
// The offline page speaks this tab's language.
rememberLang(document.documentElement.lang);
