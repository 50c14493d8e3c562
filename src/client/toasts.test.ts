import { afterEach, beforeEach, describe, expect, jest, test } from 'bun:test';
import { toast } from '../../islands/_client/toast';
import { useDom } from '../../tests/helpers/dom';
import { MAX_TOASTS, initToasts } from './toasts';

useDom();

let stop: () => void;
const toasts = () => [...document.querySelectorAll<HTMLElement>('#toasts .toast')];
const texts = () => toasts().map((t) => t.querySelector('p')!.textContent);

beforeEach(() => {
  document.body.innerHTML = '<main><a href="/register" data-toast="Login or register to get started!" data-toast-id="login-first">Get Started</a></main><div id="toasts" aria-live="polite" role="status"></div>';
  jest.useFakeTimers();
  stop = initToasts(document);
});
afterEach(() => {
  stop();
  jest.useRealTimers();
});

describe('toasts', () => {
  test('each kind lasts as spec §9 says: success 2 s, error/blank/custom 4 s, loading until dismissed', () => {
    toast.success('Saved', { id: 's' });
    toast.error('Failed', { id: 'e' });
    toast('Note', { id: 'b' });
    toast.custom('Custom', { id: 'c' });
    toast.loading('Working', { id: 'l' });
    expect(texts()).toEqual(['Working', 'Custom', 'Note', 'Failed', 'Saved']);
    jest.advanceTimersByTime(1999);
    expect(texts()).toContain('Saved');
    jest.advanceTimersByTime(1);
    expect(texts()).not.toContain('Saved');
    jest.advanceTimersByTime(1999);
    expect(texts()).toEqual(['Working', 'Custom', 'Note', 'Failed']);
    jest.advanceTimersByTime(1);
    expect(texts()).toEqual(['Working']);
    jest.advanceTimersByTime(600_000);
    expect(texts()).toEqual(['Working']);
    toast.dismiss('l');
    expect(texts()).toEqual([]);
  });

  test('kind sets the look; a toast with an id already shown is replaced, not duplicated', () => {
    toast.loading('Sending...', { id: 'send' });
    expect(toasts()[0]!.className).toBe('toast toast-loading');
    toast.success('Sent', { id: 'send' });
    expect(toasts()).toHaveLength(1);
    expect(toasts()[0]!.className).toBe('toast toast-success');
    expect(texts()).toEqual(['Sent']);
    // The replacement carries its own duration: a success now ends after 2 s.
    jest.advanceTimersByTime(2000);
    expect(toasts()).toHaveLength(0);
  });

  test('messages are text, never markup', () => {
    toast.error('<img src=x onerror=alert(1)>');
    expect(document.querySelector('#toasts img')).toBeNull();
    expect(texts()).toEqual(['<img src=x onerror=alert(1)>']);
  });

  test('at most 20 are kept: the oldest go first', () => {
    for (let i = 1; i <= 25; i++) toast(`n${i}`);
    expect(toasts()).toHaveLength(MAX_TOASTS);
    expect(texts()[0]).toBe('n25');
    expect(texts()).not.toContain('n5');
    expect(texts()).toContain('n6');
  });

  test('a data-toast link shows its toast instead of navigating, once however often it is clicked', () => {
    const link = document.querySelector('a')!;
    const click = () => link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(click()).toBe(false);
    click();
    expect(texts()).toEqual(['Login or register to get started!']);
    expect(toasts()[0]!.className).toBe('toast toast-blank');
  });

  test('the close button dismisses; a custom duration is honoured', () => {
    toast('Bye', { durationMs: 500 });
    toast('Stay', { id: 'stay', durationMs: 10_000 });
    jest.advanceTimersByTime(500);
    expect(texts()).toEqual(['Stay']);
    (toasts()[0]!.querySelector('.toast-close') as HTMLButtonElement).click();
    expect(toasts()).toHaveLength(0);
  });

  test('creates the live region when a page has none', () => {
    stop();
    document.getElementById('toasts')!.remove();
    stop = initToasts(document);
    toast('Hello');
    const region = document.getElementById('toasts')!;
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toContain('Hello');
  });
});
