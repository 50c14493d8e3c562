import { Fragment } from 'react';
import type { PageContext } from '../page';
import { currentLang } from '../../i18n/request-lang';
import { m } from '../../i18n/paraglide/messages.js';

/** The footer of spec §2 on every page (the target of /home#support); in-page links scroll with the 80 px offset. */
export function Footer({ ctx }: { ctx: PageContext }) {
  const year = new Date().getFullYear();
  const { siteName, supportEmail } = ctx.site;
  const home = ctx.viewer ? '/home' : '/';
  return (
    <footer className="site-footer" id="support">
      <div className="footer-grid">
        <div className="footer-brand">
          <a className="logo" href={home}>
            <img src="/images/logo.svg" alt="" width="32" height="32" />
            <span>{siteName}</span>
          </a>
          <p>{m.layout_footer_about()}</p>
        </div>
        <nav aria-label={m.layout_footer_quick()}>
          <h2>{m.layout_footer_quick()}</h2>
          <ul>
            <li><a href={home} data-scroll-offset="80">{m.layout_footer_home()}</a></li>
            <li><a href={`${home}#games`} data-scroll-offset="80">{m.layout_footer_games()}</a></li>
            <li><a href={`${home}#services`} data-scroll-offset="80">{m.layout_footer_services()}</a></li>
            <li><a href="/about-us">{m.layout_footer_about_us()}</a></li>
          </ul>
        </nav>
        <nav aria-label={m.layout_footer_support()}>
          <h2>{m.layout_footer_support()}</h2>
          <ul>
            <li><a href="/support#faq" data-scroll-offset="80">{m.layout_footer_faq()}</a></li>
            <li><a href="/support">{m.layout_footer_contact()}</a></li>
            {/* A narrow column breaks the address before its @ rather than inside its last word. */}
            <li><a href={`mailto:${supportEmail}`}>{breakableAddress(supportEmail)}</a></li>
          </ul>
        </nav>
        <nav aria-label={m.layout_footer_legal()}>
          <h2>{m.layout_footer_legal()}</h2>
          <ul>
            <li><a href="/terms-condition">{m.layout_footer_terms()}</a></li>
            <li><a href="/privacy-policy">{m.layout_footer_privacy()}</a></li>
            <li><a href="/responsible-gaming">{m.layout_footer_responsible()}</a></li>
            <li><a href="/solvency">{m.layout_footer_solvency()}</a></li>
          </ul>
        </nav>
      </div>
      <div className="footer-note">
        <p>
          <span className="badge-21" aria-hidden="true">21+</span>
          {m.layout_footer_age()}
        </p>
        <LanguageSwitch path={ctx.url.pathname} />
        <p className="copyright">{m.layout_footer_rights({ year, site: siteName })}</p>
      </div>
    </footer>
  );
}

/**
 * The language switch: plain links that work without script. `?lang=` sets the `lang` cookie for a year and the
 * page comes back in that language (src/pages/pages.plugin.ts). Each language is named in itself.
 */
function LanguageSwitch({ path }: { path: string }) {
  const lang = currentLang();
  const links = [
    { code: 'en', name: m.common_language_en() },
    { code: 'es', name: m.common_language_es() },
  ] as const;
  return (
    <nav className="lang-switch" aria-label={m.layout_footer_language()}>
      <p>
        <span>{m.layout_footer_language()}:</span>
        {links.map((l) => (
          <a key={l.code} href={`${path}?lang=${l.code}`} lang={l.code} hrefLang={l.code} aria-current={lang === l.code ? 'true' : undefined}>
            {l.name}
          </a>
        ))}
      </p>
    </nav>
  );
}

/** An e-mail address with a line-break opportunity before the @ (and the dots of its domain). */
function breakableAddress(address: string) {
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  const domain = address.slice(at).split('.');
  return (
    <>
      {address.slice(0, at)}
      {domain.map((part, i) => (
        <Fragment key={i}>
          <wbr />
          {i ? `.${part}` : part}
        </Fragment>
      ))}
    </>
  );
}
