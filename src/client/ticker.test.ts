import { afterEach, beforeEach, describe, expect, jest, test } from 'bun:test';
import { TICKER_REFRESH_MS } from '../shared/ticker';
import { useDom } from '../../tests/helpers/dom';
import { TICKER_URL, initTicker } from './ticker';

useDom();

const LINE = /^[A-Z]\*+[a-z]? (withdrew|cashed out) \$(\d+) (\d+)s ago$/;
const lines = () => [...document.querySelectorAll('[data-ticker-lines] li')].map((li) => li.textContent!);
const box = () => document.querySelector<HTMLElement>('[data-ticker]')!;
let stop = () => {};

function mount(mode: string, initial: string[] = [], hidden = false) {
  document.body.innerHTML = `<div class="ticker" data-ticker="${mode}"${hidden ? ' hidden' : ''}>
    <ul data-ticker-lines>${initial.map((l) => `<li>${l}</li>`).join('')}</ul>
    <button type="button" data-ticker-pause aria-pressed="false" aria-label="Pause ticker"></button></div>`;
}

/** A stand-in for fetch that answers from a queue and records the URLs asked for. */
function fakeFetch(answers: (() => unknown)[]) {
  const urls: string[] = [];
  const f = async (url: string) => {
    urls.push(url);
    const next = answers.shift();
    if (!next) throw new TypeError('offline');
    return next();
  };
  return { f: f as unknown as typeof fetch, urls };
}
const ok = (body: unknown) => () => ({ ok: true, json: async () => body });
const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  stop();
  jest.useRealTimers();
});

describe('demo ticker', () => {
  test('draws 15 fresh lines on load and again every 30 s, each within the spec ranges', async () => {
    mount('demo', ['old line']);
    stop = initTicker(document);
    await flush();
    const first = lines();
    expect(first).toHaveLength(15);
    expect(first).not.toContain('old line');
    for (const l of first) {
      const m = LINE.exec(l)!;
      expect(m).not.toBeNull();
      expect(Number(m[2])).toBeGreaterThanOrEqual(10);
      expect(Number(m[2])).toBeLessThanOrEqual(509);
      expect(Number(m[3])).toBeGreaterThanOrEqual(1);
      expect(Number(m[3])).toBeLessThanOrEqual(60);
    }
    jest.advanceTimersByTime(TICKER_REFRESH_MS - 1);
    await flush();
    expect(lines()).toEqual(first);
    jest.advanceTimersByTime(1);
    await flush();
    expect(lines()).toHaveLength(15);
    expect(lines()).not.toEqual(first);
  });

  test('the pause button stops the marquee and says so', () => {
    mount('demo');
    stop = initTicker(document);
    const button = document.querySelector<HTMLButtonElement>('[data-ticker-pause]')!;
    button.click();
    expect(box().classList.contains('paused')).toBe(true);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    button.click();
    expect(box().classList.contains('paused')).toBe(false);
    expect(button.getAttribute('aria-pressed')).toBe('false');
  });
});

describe('live ticker', () => {
  const line = (amount = 25, when = 'today') => ({ amount, when, verb: 'withdrew' });

  test('fetches the API on load and every 30 s; shows the lines and unhides the ticker', async () => {
    mount('live', [], true);
    const { f, urls } = fakeFetch([ok({ success: true, lines: [line(1250), line(25, 'yesterday')] }), ok({ success: true, lines: [line(40, 'this week')] })]);
    stop = initTicker(document, { fetch: f });
    await flush();
    expect(urls).toEqual([TICKER_URL]);
    expect(lines()).toEqual(['A player withdrew $1,250 today', 'A player withdrew $25 yesterday']);
    expect(box().hidden).toBe(false);
    jest.advanceTimersByTime(TICKER_REFRESH_MS);
    await flush();
    expect(urls).toHaveLength(2);
    expect(lines()).toEqual(['A player withdrew $40 this week']);
  });

  test('keeps the old lines when the request fails, answers an error or a body without success', async () => {
    mount('live', ['A player withdrew $40 today']);
    const { f, urls } = fakeFetch([() => ({ ok: false, json: async () => ({}) }), ok({ success: false, message: 'x' }), ok('not json'), () => ({ ok: true, json: async () => Promise.reject(new SyntaxError('bad')) })]);
    stop = initTicker(document, { fetch: f });
    for (let i = 0; i < 5; i++) {
      await flush();
      jest.advanceTimersByTime(TICKER_REFRESH_MS);
    }
    await flush();
    expect(urls.length).toBeGreaterThanOrEqual(5);
    expect(lines()).toEqual(['A player withdrew $40 today']);
  });

  test('drops malformed lines, never renders markup or a name sent along, shows at most 15', async () => {
    mount('live');
    const many = Array.from({ length: 20 }, (_, i) => line(10 + i));
    const odd = [{ name: 'Maria', amount: 10, when: 'today', verb: 'withdrew' }, { amount: 10, when: '<b>x</b>', verb: 'withdrew' }, { amount: 5, when: 'today', verb: '<i>y</i>' },
      { amount: 10, secondsAgo: 3, verb: 'withdrew' }, { name: 'bad' }, null];
    const { f } = fakeFetch([ok({ success: true, lines: [...odd, ...many] })]);
    stop = initTicker(document, { fetch: f });
    await flush();
    expect(lines()).toHaveLength(15);
    expect(lines()[0]).toBe('A player withdrew $10 today');
    expect(lines().join(' ')).not.toContain('Maria');
    expect(document.querySelector('[data-ticker-lines] b, [data-ticker-lines] i')).toBeNull();
  });

  test('an empty answer hides the ticker rather than showing an empty bar', async () => {
    mount('live', ['A player withdrew $40 today']);
    const { f } = fakeFetch([ok({ success: true, lines: [] })]);
    stop = initTicker(document, { fetch: f });
    await flush();
    expect(box().hidden).toBe(true);
  });
});
