// Dropdowns ([data-dropdown] > [data-dropdown-toggle] + [data-dropdown-menu]): one open at a time; a click
// outside, Escape, or focus leaving closes them (spec §2). Delegated, so menus added later work too.
const TOGGLE = '[data-dropdown-toggle]';
const MENU = '[data-dropdown-menu]';

function setOpen(dd: Element, open: boolean) {
  const toggle = dd.querySelector(TOGGLE);
  const menu = dd.querySelector<HTMLElement>(MENU);
  if (!toggle || !menu) return;
  toggle.setAttribute('aria-expanded', String(open));
  menu.hidden = !open;
}

export function initDropdowns(doc: Document = document): () => void {
  const ac = new AbortController();
  const on = { signal: ac.signal };
  const closeAll = (except?: Element | null) => {
    for (const dd of doc.querySelectorAll('[data-dropdown]')) if (dd !== except) setOpen(dd, false);
  };
  const openToggle = () => doc.querySelector<HTMLElement>(`[data-dropdown] ${TOGGLE}[aria-expanded="true"]`);

  doc.addEventListener(
    'click',
    (e) => {
      const target = e.target as Element;
      const dd = target.closest?.('[data-dropdown]') ?? null;
      const toggle = target.closest?.(TOGGLE);
      if (dd && toggle) {
        const open = toggle.getAttribute('aria-expanded') !== 'true';
        closeAll(dd);
        setOpen(dd, open);
        return;
      }
      // Choosing an item (which may open a modal rather than navigate) closes the menu too.
      closeAll(dd && !target.closest(`${MENU} a, ${MENU} button`) ? dd : null);
    },
    on,
  );
  doc.addEventListener(
    'keydown',
    (e) => {
      const toggle = openToggle();
      if (!toggle) return;
      if (e.key === 'Escape') {
        // Marks the key as used so the mobile menu around the dropdown stays open.
        e.preventDefault();
        closeAll();
        toggle.focus();
      } else if (e.key === 'ArrowDown' && e.target === toggle) {
        e.preventDefault();
        toggle.closest('[data-dropdown]')?.querySelector<HTMLElement>(`${MENU} a, ${MENU} button`)?.focus();
      }
    },
    on,
  );
  doc.addEventListener('focusin', (e) => closeAll((e.target as Element).closest?.('[data-dropdown]') ?? null), on);
  return () => ac.abort();
}
