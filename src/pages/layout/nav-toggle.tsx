import { m } from '../../i18n/paraglide/messages.js';

/**
 * The hamburger under 768 px. With script, the button (src/client/nav.ts) opens and closes #site-nav. Without
 * script a button can do nothing, so a native disclosure stands in for it: only `scripting: none` shows it, and
 * the stylesheet shows the nav while it is open (layout.css). Either way the menu starts folded away.
 */
export function NavToggle() {
  return (
    <>
      <button type="button" className="nav-toggle" data-nav-toggle="" aria-controls="site-nav" aria-expanded="false" aria-label={m.layout_menu_open()}>
        <span aria-hidden="true" />
      </button>
      <details className="nav-disclosure">
        <summary className="nav-toggle" aria-label={m.layout_menu()}>
          <span aria-hidden="true" />
        </summary>
      </details>
    </>
  );
}
