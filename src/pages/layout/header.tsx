import { signInFor } from '../sections/login-toast';
import type { PageContext } from '../page';
import { HeaderWallet, SignedInMenus, WalletLinks } from './signed-in-menus';
import { Ticker } from './ticker';
import { NavToggle } from './nav-toggle';
import { m } from '../../i18n/paraglide/messages.js';

// "Transfer" is the game transfer (the dashboard's form); sending credits to another player is named for what it
// does, so a player looking for it finds it here and not only in the wallet menu.
const SECTIONS = [
  { href: '/home#transfer', label: m.layout_nav_transfer, section: true },
  { href: '/home#redeem', label: m.layout_nav_redeem, section: true },
  { href: '/home#withdraw', label: m.layout_nav_withdraw, section: true },
  { href: '/p2p-transfer', label: m.layout_nav_send, section: false },
  { href: '/home#support', label: m.layout_nav_support, section: true },
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
                {signedIn ? <a href={s.href} {...(s.section ? { 'data-section-link': '' } : {})}>{s.label()}</a> : <a href={signInFor(s.href)}>{s.label()}</a>}
              </li>
            ))}
            <li className="dropdown" data-dropdown="">
              <button type="button" className="dropdown-toggle" data-dropdown-toggle="" aria-expanded="false" aria-haspopup="true" aria-controls="games-menu">
                {m.layout_nav_games()}
              </button>
              <ul className="dropdown-menu" id="games-menu" data-dropdown-menu="" hidden>
                <li><a href="/ultra-panda">Ultra Panda</a></li>
                <li><a href="/vb-link">VBlink</a></li>
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
          {signedIn && <WalletLinks />}
        </nav>
        {signedIn && <HeaderWallet viewer={ctx.viewer!} site={ctx.site} formToken={ctx.formToken} />}
      </div>
      <Ticker mode={ctx.site.tickerMode} />
    </header>
  );
}
