// The hamburger under 768 px ([data-nav-toggle] controls #site-nav): opens and closes the menu, and closes it
// on Escape, on a click outside, when a link inside is followed, or when focus moves out of it (the open panel
// covers the page under it, so a control focused there would be hidden). Its labels are the page's: the server's on the
// button, and the page's words for closing (islands/_client/page-words.ts).
import { word } from '../../islands/_client/page-words';

export function initNav(doc: Document = document): () => void {
  const toggle = doc.querySelector<HTMLElement>('[data-nav-toggle]');
  const nav = doc.getElementById(toggle?.getAttribute('aria-controls') ?? 'site-nav');
  if (!toggle || !nav) return () => {};
  const ac = new AbortController();
  const on = { signal: ac.signal };
  const isOpen = () => toggle.getAttribute('aria-expanded') === 'true';
  const openLabel = toggle.getAttribute('aria-label') || 'Open menu';
  const set = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    toggle.setAttribute('aria-label', open ? word('menuClose', 'Close menu', doc) : openLabel);
    nav.classList.toggle('open', open);
  };

  toggle.addEventListener('click', () => set(!isOpen()), on);
  doc.addEventListener(
    'click',
    (e) => {
      if (!isOpen()) return;
      const target = e.target as Element;
      if (toggle.contains(target)) return;
      if (!nav.contains(target) || target.closest('a')) set(false);
    },
    on,
  );
  doc.addEventListener(
    'focusin',
    (e) => {
      const target = e.target as Node;
      if (isOpen() && !nav.contains(target) && !toggle.contains(target)) set(false);
    },
    on,
  );
  doc.addEventListener(
    'keydown',
    (e) => {
      // A dropdown inside the menu takes Escape first, whichever listener runs first.
      if (e.key !== 'Escape' || e.defaultPrevented || !isOpen() || doc.querySelector('[data-dropdown-toggle][aria-expanded="true"]')) return;
      set(false);
      toggle.focus();
    },
    on,
  );
  return () => ac.abort();
}
