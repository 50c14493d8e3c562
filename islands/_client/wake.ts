// A signed-in page's islands, woken by the page's one boot script (src/client/app.ts) instead of a starter file
// each: the page lists its islands' modules in one JSON block, and each island's module (with React) is added when
// its marker's policy says (`data-load`, src/pages/island.tsx), on a player's pages at the first focus, keystroke or
// tap inside it. Plain DOM only: anything imported here is in every signed-in page's first load.
import { ISLAND_HYDRATED, isHydrated, WAIT_FOR_ISLAND } from './island-events';

export const MODULES_ID = 'island-modules';
const WAKE = ['focusin', 'input', 'pointerdown'] as const;

/**
 * Islands that work together wake together: the header's wallet menu opens the freeplay and deposit modals by
 * DOM events, which only a hydrated modal hears.
 */
export const WAKE_TOGETHER: readonly (readonly string[])[] = [['WalletMenu', 'FreeplayModal', 'DepositModal']];
/** Controls outside an island that it serves: a Deposit link anywhere wakes the deposit modal (until then it is a plain link). */
export const WAKE_FROM: Readonly<Record<string, string>> = { '[data-deposit-open]': 'DepositModal' };

/** The page's island modules by name (the JSON block the document ends with); empty when there is none. */
export function islandModules(doc: Document = document): Record<string, string> {
  try {
    const text = doc.getElementById(MODULES_ID)?.textContent;
    const map: unknown = text ? JSON.parse(text) : {};
    return map && typeof map === 'object' ? (map as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/**
 * Adds each island's module when its policy says. A tap on a button that only works with script (`type="button"`:
 * a menu, a tab, Copy, or the submit of a form that waits for its island) made before the island is hydrated is kept
 * and given to it once it is; other forms and links need no help, they post and navigate by themselves.
 */
export function wakeIslands(modules: Record<string, string>, doc: Document = document): { wake(name: string): void } {
  const started = new Set<string>();
  const start = (name: string) => {
    for (const n of WAKE_TOGETHER.find((g) => g.includes(name)) ?? [name]) {
      const src = modules[n];
      if (started.has(n) || !src || !doc.querySelector(`[data-island="${n}"]`)) continue;
      started.add(n);
      const s = doc.createElement('script');
      s.type = 'module';
      s.src = src;
      doc.head.appendChild(s);
    }
  };
  for (const el of doc.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = el.dataset.island!;
    if (!modules[name]) continue;
    const when = el.dataset.load;
    if (!when || when === 'load' || el.contains(doc.activeElement)) {
      start(name);
      continue;
    }
    if (when === 'visible' && typeof IntersectionObserver === 'function') {
      const seen = new IntersectionObserver((es) => {
        if (!es.some((e) => e.isIntersecting)) return;
        seen.disconnect();
        start(name);
      });
      seen.observe(el);
      continue;
    }
    if (when === 'visible') {
      start(name);
      continue;
    }
    for (const t of WAKE) el.addEventListener(t, () => start(name), { once: true, passive: true, capture: true });
    keepTap(el);
  }
  for (const [selector, name] of Object.entries(WAKE_FROM)) {
    for (const t of WAKE)
      doc.addEventListener(t, (e) => void ((e.target as Element | null)?.closest?.(selector) && start(name)), { passive: true, capture: true });
  }
  return { wake: start };
}

/**
 * The last tap on a script-only control before the island is hydrated, clicked again once it is: a button that
 * only works with script (`type="button"`), or the submit of a form marked `data-wait-for-island`, whose plain
 * submit is held back meanwhile.
 */
function keepTap(marker: HTMLElement): void {
  let kept: HTMLButtonElement | null = null;
  const onClick = (e: Event) => {
    if (isHydrated(marker)) return;
    const b = (e.target as Element | null)?.closest?.<HTMLButtonElement>('button');
    if (!b || !marker.contains(b)) return;
    if (b.type === 'button') kept = b;
    else if (b.type === 'submit' && b.form?.hasAttribute(WAIT_FOR_ISLAND)) {
      e.preventDefault();
      kept = b;
    }
  };
  marker.addEventListener('click', onClick, { capture: true });
  marker.addEventListener(
    ISLAND_HYDRATED,
    () => {
      marker.removeEventListener('click', onClick, { capture: true });
      const b = kept;
      kept = null;
      // After hydrateRoot has returned: React then hydrates the target at once to deliver the click.
      if (b) setTimeout(() => b.isConnected && !b.disabled && b.click(), 0);
    },
    { once: true },
  );
}
