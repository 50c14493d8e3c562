// A signed-in player's one boot script (docs/decisions/signed-in-loading.md): the enhancement script's menus,
// ticker and toasts; the page's live parts without React (the header balance, payment pushes, the deposit's
// countdown and state, the history's rows); each island's React on its first use; and the service worker.
// No React here: this file is all the JavaScript a signed-in page fetches before the player does anything.
import { forgetBalance, rememberLang } from './live/last-seen';
import { initDepositLive } from './live/deposit-live';
import { initHeaderBalance } from './live/header-balance';
import { initLiveIslands } from './live/island-refresh';
import { initDropdowns } from './dropdowns';
import { initNav } from './nav';
import { initScroll } from './scroll';
import { initTicker } from './ticker';
import { initToasts } from './toasts';
import { initToTop } from './to-top';
import { initServiceWorker } from './pwa/register';
import { realtime } from '../../islands/_client/socket';
import { islandModules, wakeIslands } from '../../islands/_client/wake';

// The whole stylesheet, behind the inlined critical CSS (src/pages/render.tsx), once the page has loaded: the critical
// CSS already styles everything the server drew, and fetched sooner it would hold the load event.
const wholeCss = () => {
  const href = /href="([^"]+)"/.exec(document.querySelector('noscript[data-full-css]')?.textContent ?? '')?.[1];
  if (!href) return;
  const l = document.createElement('link');
  l.rel = 'stylesheet';
  l.href = href;
  document.head.append(l);
};
if (document.readyState === 'complete') wholeCss();
else addEventListener('load', wholeCss, { once: true });
// The offline page speaks this tab's language.
rememberLang(document.documentElement.lang);
initToasts();
initNav();
initDropdowns();
initScroll();
initTicker();
initToTop();

const rt = realtime();
initHeaderBalance();
initDepositLive(rt);
initLiveIslands(rt);
rt.start();
wakeIslands(islandModules());

// Signing out here leaves nothing of the balance behind in this tab (the worker empties its caches on the post).
document.addEventListener('submit', (e) => void ((e.target as Element | null)?.matches?.('form[action="/logout"]') && forgetBalance()), { capture: true });
initServiceWorker();
