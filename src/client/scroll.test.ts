import { afterEach, beforeEach, describe, expect, jest, test } from 'bun:test';
import { useDom } from '../../tests/helpers/dom';
import { HEADER_GAP, LOAD_DELAY_MS, initScroll, loadOffset, sectionOffset } from './scroll';
import { initToasts } from './toasts';

useDom('http://localhost:3000/home');

type Call = { top: number; behavior?: string };
let calls: Call[];
let stop = () => {};
const SECTION_TOP = 1500;

function setWidth(width: number) {
  (window as any).happyDOM.setViewport({ width, height: 800 });
}

beforeEach(() => {
  document.body.innerHTML = `
    <a id="to-transfer" href="/home#transfer" data-section-link>Transfer</a>
    <a id="footer-games" href="/home#games" data-scroll-offset="80">Games</a>
    <a id="other-page" href="/about-us#team">About</a>
    <a id="missing" href="#nowhere">Nowhere</a>
    <a id="toast" href="/home#redeem" data-toast="x">Redeem</a>
    <section id="transfer">Transfer</section><section id="games">Games</section><section id="redeem">Redeem</section>`;
  for (const s of document.querySelectorAll('section')) s.getBoundingClientRect = () => ({ top: SECTION_TOP }) as DOMRect;
  calls = [];
  window.scrollTo = ((o: Call) => void calls.push(o)) as unknown as typeof window.scrollTo;
  history.replaceState(null, '', '/home');
});
afterEach(() => stop());

const click = (id: string) => document.getElementById(id)!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));

describe('section scrolling', () => {
  test('offsets of spec §2 on wider screens (300 up to 1024, otherwise 220); a phone goes to just under the header; on load 200 or 220', () => {
    expect([360, 768, 769, 1024, 1025, 1280].map(sectionOffset)).toEqual([0, 0, 300, 300, 220, 220]);
    expect([390, 768, 769, 1280].map(loadOffset)).toEqual([200, 200, 220, 220]);
  });

  test('a link to a section of this page scrolls smoothly with the width offset, updates the hash and moves focus', () => {
    setWidth(1280);
    stop = initScroll(window);
    expect(click('to-transfer')).toBe(false);
    expect(calls).toEqual([{ top: SECTION_TOP - 220, behavior: 'smooth' }]);
    expect(location.hash).toBe('#transfer');
    expect(document.activeElement?.id).toBe('transfer');
    setWidth(900);
    click('to-transfer');
    expect(calls[1]!.top).toBe(SECTION_TOP - 300);
    setWidth(390);
    click('to-transfer');
    expect(calls[2]!.top).toBe(SECTION_TOP - HEADER_GAP);
  });

  test('no offset puts a section under the sticky header: its height and a gap are kept clear', () => {
    setWidth(390);
    document.body.insertAdjacentHTML('afterbegin', '<header class="site-header" style="position: sticky"></header>');
    document.querySelector('header')!.getBoundingClientRect = () => ({ top: 0, bottom: 102 }) as DOMRect;
    stop = initScroll(window);
    click('to-transfer');
    click('footer-games');
    expect(calls.map((c) => c.top)).toEqual([SECTION_TOP - 102 - HEADER_GAP, SECTION_TOP - 102 - HEADER_GAP]);
  });

  test('data-scroll-offset (footer and dashboard) overrides the width offset', () => {
    setWidth(390);
    stop = initScroll(window);
    click('footer-games');
    expect(calls).toEqual([{ top: SECTION_TOP - 80, behavior: 'smooth' }]);
  });

  test('links to other pages, to missing sections, or already handled as toasts are left alone', () => {
    const stopToasts = initToasts(document);
    stop = initScroll(window);
    // Records whether the page's handlers claimed each click, then stops the DOM from following the link.
    const claimed: boolean[] = [];
    const settle = (e: Event) => {
      claimed.push(e.defaultPrevented);
      e.preventDefault();
    };
    window.addEventListener('click', settle);
    try {
      click('other-page');
      click('missing');
      click('toast');
      expect(claimed).toEqual([false, false, true]);
      expect(calls).toEqual([]);
      expect(location.hash).toBe('');
    } finally {
      window.removeEventListener('click', settle);
      stopToasts();
    }
  });

  test('arriving with a hash scrolls after 100 ms with 200 px (narrow) or 220 px', () => {
    jest.useFakeTimers();
    try {
      history.replaceState(null, '', '/home#games');
      setWidth(390);
      stop = initScroll(window);
      jest.advanceTimersByTime(LOAD_DELAY_MS - 1);
      expect(calls).toEqual([]);
      jest.advanceTimersByTime(1);
      expect(calls).toEqual([{ top: SECTION_TOP - 200, behavior: 'smooth' }]);
      stop();
      setWidth(1280);
      stop = initScroll(window);
      jest.advanceTimersByTime(LOAD_DELAY_MS);
      expect(calls[1]!.top).toBe(SECTION_TOP - 220);
    } finally {
      jest.useRealTimers();
    }
  });
});
