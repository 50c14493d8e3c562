import { Fragment } from 'react';
import type { PageContext } from '../page';

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
          <p>One wallet for your Ultra Panda and VBlink credits: deposit and withdraw with Bitcoin, transfer in seconds.</p>
        </div>
        <nav aria-label="Quick links">
          <h2>Quick Links</h2>
          <ul>
            <li><a href={home} data-scroll-offset="80">Home</a></li>
            <li><a href={`${home}#games`} data-scroll-offset="80">Games</a></li>
            <li><a href={`${home}#services`} data-scroll-offset="80">Services</a></li>
            <li><a href="/about-us">About Us</a></li>
          </ul>
        </nav>
        <nav aria-label="Support">
          <h2>Support</h2>
          <ul>
            <li><a href="/support#faq" data-scroll-offset="80">FAQ</a></li>
            <li><a href="/support">Contact Us</a></li>
            {/* A narrow column breaks the address before its @ rather than inside its last word. */}
            <li><a href={`mailto:${supportEmail}`}>{breakableAddress(supportEmail)}</a></li>
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2>Legal</h2>
          <ul>
            <li><a href="/terms-condition">Terms of Service</a></li>
            <li><a href="/privacy-policy">Privacy Policy</a></li>
            <li><a href="/responsible-gaming">Responsible Gaming</a></li>
            <li><a href="/solvency">Proof of Liabilities</a></li>
          </ul>
        </nav>
      </div>
      <div className="footer-note">
        <p>
          <span className="badge-21" aria-hidden="true">21+</span>
          For players 21 and older. Play for fun and within your means; if it stops being fun, call or text
          1-800-GAMBLER.
        </p>
        <p className="copyright">© {year} {siteName}. All rights reserved.</p>
      </div>
    </footer>
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
