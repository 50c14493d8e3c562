import type { OpenCounts } from '../../../islands/_client/console-counts';
import { PageFormToken } from '../form-token-field';
import { Island } from '../island';
import type { PageContext } from '../page';
import { NavToggle } from './nav-toggle';

/**
 * The header of the operator console: the console's sections (with the live open counts) and Logout. No wallet,
 * player menu or ticker: an operator's own balance means nothing here. The hamburger folds the sections away on
 * a phone exactly as the player's header does (the same data attributes drive it).
 */
export function OperatorHeader({ ctx }: { ctx: PageContext }) {
  const counts = (ctx.data as { counts?: OpenCounts | null } | undefined)?.counts ?? null;
  return (
    <header className="site-header operator-header">
      <div className="header-bar">
        {/* The name starts with the words on screen (WCAG 2.5.3), so voice users can say what they see. */}
        <a className="logo" href="/admin" aria-label={`${ctx.site.siteName} Console, operator home`}>
          <img src="/images/logo.svg" alt="" width="36" height="36" />
          <span>{ctx.site.siteName}</span>{' '}
          <span className="operator-tag">Console</span>
        </a>
        <NavToggle />
        <nav id="site-nav" className="site-nav" aria-label="Operator console">
          <Island name="ConsoleNav" props={{ current: ctx.url.pathname, counts }} />
          <div className="nav-actions">
            <form method="post" action="/logout">
              <PageFormToken />
              <button type="submit" className="btn btn-ghost btn-sm">Logout</button>
            </form>
          </div>
        </nav>
      </div>
    </header>
  );
}
