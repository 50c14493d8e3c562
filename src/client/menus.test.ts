import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { useDom } from '../../tests/helpers/dom';
import { initDropdowns } from './dropdowns';
import { initNav } from './nav';

useDom();

const MARKUP = `
  <header>
    <button type="button" data-nav-toggle aria-controls="site-nav" aria-expanded="false" aria-label="Open menu">≡</button>
    <nav id="site-nav">
      <a href="/home#transfer" id="transfer-link">Transfer</a>
      <div data-dropdown id="games">
        <button type="button" data-dropdown-toggle aria-expanded="false">Games</button>
        <ul data-dropdown-menu hidden><li><a href="/ultra-panda">Ultra Panda</a></li><li><a href="/vb-link">VBlink</a></li></ul>
      </div>
      <div data-dropdown id="account">
        <button type="button" data-dropdown-toggle aria-expanded="false">Account</button>
        <ul data-dropdown-menu hidden><li><button type="button" id="freeplay">Freeplay</button></li></ul>
      </div>
    </nav>
  </header>
  <main><h1 id="title">Title</h1><button id="elsewhere">Elsewhere</button></main>`;

let stops: (() => void)[] = [];
const $ = (sel: string) => document.querySelector<HTMLElement>(sel)!;
const isOpen = (id: string) => $(`#${id} [data-dropdown-toggle]`).getAttribute('aria-expanded') === 'true' && !$(`#${id} [data-dropdown-menu]`).hidden;
const key = (k: string, target: Element = document.body) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));

beforeEach(() => {
  document.body.innerHTML = MARKUP;
  stops = [initNav(document), initDropdowns(document)];
});
afterEach(() => stops.forEach((s) => s()));

describe('dropdowns', () => {
  test('the toggle opens and closes its menu, keeping aria-expanded and hidden in step', () => {
    $('#games [data-dropdown-toggle]').click();
    expect(isOpen('games')).toBe(true);
    $('#games [data-dropdown-toggle]').click();
    expect(isOpen('games')).toBe(false);
    expect($('#games [data-dropdown-menu]').hidden).toBe(true);
  });

  test('only one is open at a time', () => {
    $('#games [data-dropdown-toggle]').click();
    $('#account [data-dropdown-toggle]').click();
    expect(isOpen('games')).toBe(false);
    expect(isOpen('account')).toBe(true);
  });

  test('a click outside closes it; a click inside the open menu off an item does not', () => {
    $('#games [data-dropdown-toggle]').click();
    $('#games [data-dropdown-menu]').click();
    expect(isOpen('games')).toBe(true);
    $('#title').click();
    expect(isOpen('games')).toBe(false);
  });

  test('choosing an item that is a button (it may open a modal) closes the menu', () => {
    $('#account [data-dropdown-toggle]').click();
    $('#freeplay').click();
    expect(isOpen('account')).toBe(false);
  });

  test('Escape closes it and returns focus to its toggle; ArrowDown moves into the menu', () => {
    const toggle = $('#games [data-dropdown-toggle]');
    toggle.click();
    toggle.focus();
    key('ArrowDown', toggle);
    expect(document.activeElement?.textContent).toBe('Ultra Panda');
    key('Escape', document.activeElement!);
    expect(isOpen('games')).toBe(false);
    expect(document.activeElement).toBe(toggle);
  });

  test('focus moving out of the dropdown closes it', () => {
    $('#games [data-dropdown-toggle]').click();
    $('#elsewhere').focus();
    expect(isOpen('games')).toBe(false);
  });
});

describe('hamburger', () => {
  const navOpen = () => $('#site-nav').classList.contains('open');
  const toggle = () => $('[data-nav-toggle]');

  test('opens and closes the menu, with aria-expanded and a label that says what it will do', () => {
    toggle().click();
    expect(navOpen()).toBe(true);
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(toggle().getAttribute('aria-label')).toBe('Close menu');
    toggle().click();
    expect(navOpen()).toBe(false);
    expect(toggle().getAttribute('aria-label')).toBe('Open menu');
  });

  test('following a link or clicking outside closes it; opening a dropdown inside keeps it open', () => {
    toggle().click();
    $('#games [data-dropdown-toggle]').click();
    expect(navOpen()).toBe(true);
    $('#transfer-link').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(navOpen()).toBe(false);
    toggle().click();
    $('#title').click();
    expect(navOpen()).toBe(false);
  });

  test('Tab out of the open menu closes it, so focus never lands on a control the panel covers', () => {
    toggle().click();
    $('#transfer-link').focus();
    $('#games [data-dropdown-toggle]').focus();
    toggle().focus();
    expect(navOpen()).toBe(true);
    $('#elsewhere').focus();
    expect(navOpen()).toBe(false);
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
  });

  test('Escape closes an open dropdown first, then the menu', () => {
    toggle().click();
    $('#games [data-dropdown-toggle]').click();
    key('Escape');
    expect(isOpen('games')).toBe(false);
    expect(navOpen()).toBe(true);
    key('Escape');
    expect(navOpen()).toBe(false);
    expect(document.activeElement).toBe(toggle());
  });
});
