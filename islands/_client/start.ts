// The few hundred bytes a page loads for an island before its code: they decide when the island's module (and
// with it the shared React chunk) is fetched, following the policy the page set on each marker (`data-load`).
// Plain DOM only: importing anything here would pull it into every page's first load.

const WAKE = ['focusin', 'input', 'pointerdown'] as const;

/** Adds the island's module to the head once: at once, on first use, or once in view, per marker. */
export function startIsland(name: string, src: string, doc: Document = document): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const s = doc.createElement('script');
    s.type = 'module';
    s.src = src;
    doc.head.appendChild(s);
  };
  for (const el of doc.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)) {
    const when = el.dataset.load;
    // Focus may already be inside (the visitor began typing before this script ran).
    if (!when || when === 'load' || el.contains(doc.activeElement)) return start();
    if (when === 'visible' && typeof IntersectionObserver === 'function') {
      const seen = new IntersectionObserver((es) => {
        if (!es.some((e) => e.isIntersecting)) return;
        seen.disconnect();
        start();
      });
      seen.observe(el);
    } else if (when === 'visible') return start();
    else for (const t of WAKE) el.addEventListener(t, start, { once: true, passive: true, capture: true });
  }
}
