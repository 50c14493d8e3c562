// The one script on every page (DESIGN §6): plain DOM, no React, no dependencies. Module scripts run after the
// document is parsed, so the markup is there. Toasts go first: their link handler must claim a click before
// the scroll handler sees it.
import { initDropdowns } from './dropdowns';
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
