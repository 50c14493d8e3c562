import { beforeEach, describe, expect, test } from 'bun:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { useDom } from '../../tests/helpers/dom';
import { OfflinePage } from '../pwa/offline-page';
import { forgetBalance, LAST_SEEN_KEY, rememberBalance } from './live/last-seen';
import { retryWhenBack, showLastSeen } from './offline';

useDom('http://localhost:3000/home');

const draw = () => {
  const html = renderToStaticMarkup(<OfflinePage siteName="Coinreel" logoSvg="<svg></svg>" script="/build/offline-abcd1234.js" />);
  document.body.innerHTML = html.slice(html.indexOf('<body>') + 6, html.indexOf('</body>'));
};
const seen = () => document.querySelector<HTMLElement>('[data-last-seen]')!;

beforeEach(() => {
  forgetBalance();
  draw();
});

describe('the offline page', () => {
  test('says the player is offline and that nothing was sent; with no balance seen in this tab it shows none', () => {
    expect(document.querySelector('h1')!.textContent).toBe('You are offline');
    expect(document.body.textContent).toContain('Nothing was sent.');
    expect(showLastSeen()).toBe(false);
    expect(seen().hidden).toBe(true);
    expect(document.body.textContent).not.toMatch(/\$\d/);
  });

  test('a balance only as last seen in this tab, labelled with the time it was seen', () => {
    const at = new Date('2026-11-28T14:32:00');
    rememberBalance(1_234_56, at.getTime());
    expect(showLastSeen(document, sessionStorage, new Date('2026-11-28T15:00:00'))).toBe(true);
    expect(seen().hidden).toBe(false);
    expect(seen().textContent).toBe('Your balance when last seen in this tab, at 2:32 PM: $1,234.56. It may have changed since.');
    expect(seen().querySelector('time')!.getAttribute('datetime')).toBe(at.toISOString());
    // Seen on another day: the day is said too.
    draw();
    expect(showLastSeen(document, sessionStorage, new Date('2026-11-30T09:00:00'))).toBe(true);
    expect(seen().querySelector('time')!.textContent).toBe('Nov 28, 2:32 PM');
  });

  test('kept for this tab only (sessionStorage), and something unreadable there shows nothing', () => {
    rememberBalance(500, Date.now());
    expect(localStorage.getItem(LAST_SEEN_KEY)).toBeNull();
    expect(sessionStorage.getItem(LAST_SEEN_KEY)).not.toBeNull();
    sessionStorage.setItem(LAST_SEEN_KEY, '{"cents":"lots","at":1}');
    expect(showLastSeen()).toBe(false);
    forgetBalance();
    expect(showLastSeen()).toBe(false);
  });
});

describe('back online', () => {
  /** A window whose connection and site answers the test sets, counting reloads. */
  function fakeWindow(answers: boolean[]) {
    const listeners: Record<string, () => void> = {};
    const w = {
      reloads: 0,
      asked: 0,
      navigator: { onLine: false },
      location: { reload: () => void w.reloads++ },
      fetch: async () => {
        w.asked++;
        if (!(answers.shift() ?? true)) throw new TypeError('Failed to fetch');
        return new Response('ok');
      },
      addEventListener: (type: string, f: () => void) => void (listeners[type] = f),
      fire: (type: string) => listeners[type]?.(),
    };
    return w;
  }

  test('the page asked for comes back once the site answers, even when the first try after the connection returns fails', async () => {
    const w = fakeWindow([false, true]);
    retryWhenBack(w as unknown as Window, 20);
    await Bun.sleep(50);
    // Offline: the site is not asked and nothing reloads.
    expect([w.asked, w.reloads]).toEqual([0, 0]);
    w.navigator.onLine = true;
    w.fire('online');
    await Bun.sleep(10);
    // The network was not there yet: still this page, and asked again a little later.
    expect([w.asked, w.reloads]).toEqual([1, 0]);
    await Bun.sleep(60);
    expect(w.reloads).toBe(1);
  });

  test('a page shown because the site was slow (no offline event at all) comes back by itself once the site answers', async () => {
    const w = fakeWindow([false, false, true]);
    w.navigator.onLine = true;
    retryWhenBack(w as unknown as Window, 10);
    await Bun.sleep(80);
    expect(w.reloads).toBe(1);
  });
});
