import { signInFor } from '../sections/login-toast';
import type { PageContext } from '../page';
import { HeaderWallet, SignedInMenus } from './signed-in-menus';
import { Ticker } from './ticker';
import { NavToggle } from './nav-toggle';
import { m } from '../../i18n/paraglide/messages.js';

const SECTIONS = [
  { href: '/home#transfer', label: m.layout_nav_transfer },
  { href: '/home#redeem', label: m.layout_nav_redeem },
  { href: '/home#withdraw', label: m.layout_nav_withdraw },
  { href: '/home#support', label: m.layout_nav_support },
];

/**
 * The header of spec §2. Data attributes are the contract with src/client (dropdowns, hamburger, section
 * scrolling, toasts). A visitor's section links sign in first, then land on the section; their Home link goes to the landing page.
 */
export function Header({ ctx }: { ctx: PageContext }) {
  const signedIn = !!ctx.viewer;
  return (
    <header className="site-header">
      <div className="header-bar">
        <a className="logo" href={signedIn ? '/home' : '/'} aria-label={m.layout_logo_label({ site: ctx.site.siteName })}>
          <img src="/images/logo.svg" alt="" width="36" height="36" />
          <span>{ctx.site.siteName}</span>
        </a>
        <NavToggle />
        <nav id="site-nav" className="site-nav" aria-label={m.layout_nav_label()}>
          <ul className="nav-links">
            <li>
              <a href={signedIn ? '/home#home' : '/'} {...(signedIn ? { 'data-section-link': '' } : {})}>{m.layout_nav_home()}</a>
            </li>
            {SECTIONS.map((s) => (
              <li key={s.href}>
                {signedIn ? <a href={s.href} data-section-link="">{s.label()}</a> : <a href={signInFor(s.href)}>{s.label()}</a>}
              </li>
            ))}
            <li className="dropdown" data-dropdown="">
              <button type="button" className="dropdown-toggle" data-dropdown-toggle="" aria-expanded="false" aria-haspopup="true" aria-controls="games-menu">
                {m.layout_nav_games()}
              </button>
              <ul className="dropdown-menu" id="games-menu" data-dropdown-menu="" hidden>
                <li><a href="/ultra-panda">Ultra Panda</a></li>
                <li><a href="/vb-link">VB Link</a></li>
              </ul>
            </li>
          </ul>
          <div className="nav-actions">
            {signedIn ? (
              <SignedInMenus formToken={ctx.formToken} />
            ) : (
              <>
                <a className="btn btn-ghost btn-sm" href="/login">{m.layout_nav_login()}</a>
                <a className="btn btn-primary btn-sm" href="/register">{m.layout_nav_register()}</a>
              </>
            )}
          </div>
        </nav>
        {signedIn && <HeaderWallet viewer={ctx.viewer!} site={ctx.site} formToken={ctx.formToken} />}
      </div>
      <Ticker mode={ctx.site.tickerMode} />
    </header>
  );
}
