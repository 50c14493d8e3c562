// Smooth scrolling to in-page sections with the offsets of spec §2 on wider screens. A link may name its own offset
// with data-scroll-offset (the dashboard and footer use 80 px); other links use the width-based offset. Whatever
// the offset, a section never lands under the sticky header: on a phone the spec's 500 px left the form below the
// screen, and the footer's 80 px put the heading under the header (DESIGN §8).
export const LOAD_DELAY_MS = 100;
export const sectionOffset = (width: number) => (width <= 768 ? 0 : width <= 1024 ? 300 : 220);
export const loadOffset = (width: number) => (width <= 768 ? 200 : 220);
/** Room left between the sticky header and the section's top. */
export const HEADER_GAP = 12;

/** Where the sticky header ends (0 when the header scrolls away, as on a phone without script). */
export function headerBottom(win: Window): number {
  const h = win.document.querySelector('.site-header');
  if (!h) return 0;
  const position = win.getComputedStyle(h).position;
  return position === 'sticky' || position === 'fixed' ? Math.max(0, h.getBoundingClientRect().bottom) : 0;
}

const FOCUSABLE = /^(A|BUTTON|INPUT|SELECT|TEXTAREA|SUMMARY)$/;

function idOf(hash: string): string | null {
  if (hash.length < 2) return null;
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
}

/** Scrolls so the element sits `offset` px below the top; false when there is no such element. */
export function scrollToId(win: Window, id: string, offset: number, moveFocus = false): boolean {
  const el = win.document.getElementById(id);
  if (!el) return false;
  const top = Math.max(0, el.getBoundingClientRect().top + win.scrollY - Math.max(offset, headerBottom(win) + HEADER_GAP));
  const still = win.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  win.scrollTo({ top, behavior: still ? 'auto' : 'smooth' });
  if (moveFocus) {
    // Keyboard and screen-reader users continue from the section they jumped to.
    if (!FOCUSABLE.test(el.tagName) && !el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
    el.focus({ preventScroll: true });
  }
  return true;
}

export function initScroll(win: Window = window): () => void {
  const doc = win.document;
  const ac = new AbortController();
  doc.addEventListener(
    'click',
    (e) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element).closest?.<HTMLAnchorElement>('a[href*="#"]');
      if (!a || a.target || a.classList.contains('skip-link')) return;
      const url = new URL(a.href, win.location.href);
      const here = win.location;
      const id = idOf(url.hash);
      if (!id || url.origin !== here.origin || url.pathname !== here.pathname || url.search !== here.search) return;
      const given = Number(a.dataset.scrollOffset);
      const offset = a.dataset.scrollOffset !== undefined && Number.isFinite(given) ? given : sectionOffset(win.innerWidth);
      if (!scrollToId(win, id, offset, true)) return;
      e.preventDefault();
      if (here.hash !== url.hash) win.history.pushState(null, '', url.hash);
    },
    { signal: ac.signal },
  );
  // Arriving with a hash: let layout settle, then place the section below the sticky header.
  const id = idOf(win.location.hash);
  const timer = id ? setTimeout(() => scrollToId(win, id, loadOffset(win.innerWidth)), LOAD_DELAY_MS) : undefined;
  return () => {
    ac.abort();
    clearTimeout(timer);
  };
}
