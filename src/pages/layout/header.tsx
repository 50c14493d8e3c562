import { demoTicker, tickerText } from '../../shared/ticker';
import type { PageContext } from '../page';
import { SignedInMenus } from './signed-in-menus';

const SECTIONS = [
  { href: '/home#home', label: 'Home' },
  { href: '/home#transfer', label: 'Transfer' },
  { href: '/home#redeem', label: 'Redeem' },
  { href: '/home#withdraw', label: 'Withdraw' },
  { href: '/home#support', label: 'Support' },
];

function Ticker({ mode }: { mode: PageContext['site']['tickerMode'] }) {
  if (mode === 'off') return null;
  const lines = mode === 'demo' ? demoTicker() : [];
  return (
    <div className="ticker" data-ticker={mode} aria-label="Recent cash-outs">
      <ul className="ticker-track">
        {lines.map((l, i) => (
          <li key={i}>{tickerText(l)}</li>
        ))}
      </ul>
    </div>
  );
}

export function Header({ ctx }: { ctx: PageContext }) {
  const signedIn = !!ctx.viewer;
  // A visitor's nav clicks explain what to do instead of bouncing off the sign-in guard.
  const guard = signedIn ? {} : { 'data-toast': 'Login or register to get started!', 'data-toast-id': 'login-first' };
  return (
    <header className="site-header">
      <div className="header-bar">
        <a className="logo" href={signedIn ? '/home' : '/'} aria-label={`${ctx.site.siteName} home`}>
          <img src="/images/logo.svg" alt="" width="36" height="36" />
          <span>{ctx.site.siteName}</span>
        </a>
        <button type="button" className="nav-toggle" data-nav-toggle aria-controls="site-nav" aria-expanded="false" aria-label="Open menu">
          <span aria-hidden="true" />
        </button>
        <nav id="site-nav" className="site-nav" aria-label="Main">
          <ul className="nav-links">
            {SECTIONS.map((s) => (
              <li key={s.href}>
                <a href={s.href} data-section-link {...guard}>{s.label}</a>
              </li>
            ))}
            <li className="dropdown" data-dropdown>
              <button type="button" className="dropdown-toggle" data-dropdown-toggle aria-expanded="false" aria-haspopup="true">
                Games
              </button>
              <ul className="dropdown-menu" data-dropdown-menu hidden>
                <li><a href="/ultra-panda">Ultra Panda</a></li>
                <li><a href="/vb-link">VB Link</a></li>
              </ul>
            </li>
          </ul>
          <div className="nav-actions">
            {signedIn ? (
              <SignedInMenus viewer={ctx.viewer!} />
            ) : (
              <>
                <a className="btn btn-ghost" href="/login">Login</a>
                <a className="btn btn-primary" href="/register">Register</a>
              </>
            )}
          </div>
        </nav>
      </div>
      <Ticker mode={ctx.site.tickerMode} />
    </header>
  );
}
