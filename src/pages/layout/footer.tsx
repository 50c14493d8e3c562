import type { PageContext } from '../page';

export function Footer({ ctx }: { ctx: PageContext }) {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer" id="support">
      <div className="footer-grid">
        <div className="footer-brand">
          <a className="logo" href="/"><img src="/images/logo.svg" alt="" width="32" height="32" /><span>{ctx.site.siteName}</span></a>
          <p>Your wallet for Ultra Panda and VBlink credits. For players 21 and over.</p>
        </div>
        <nav aria-label="Quick links">
          <h2>Quick Links</h2>
          <ul>
            <li><a href="/home" data-scroll-offset="80">Home</a></li>
            <li><a href="/#games">Games</a></li>
            <li><a href="/#services">Services</a></li>
            <li><a href="/about-us">About Us</a></li>
          </ul>
        </nav>
        <nav aria-label="Support">
          <h2>Support</h2>
          <ul>
            <li><a href="/support#faq">FAQ</a></li>
            <li><a href="/support">Contact Us</a></li>
            <li><a href={`mailto:${ctx.site.supportEmail}`}>{ctx.site.supportEmail}</a></li>
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2>Legal</h2>
          <ul>
            <li><a href="/terms-condition">Terms of Service</a></li>
            <li><a href="/privacy-policy">Privacy Policy</a></li>
            <li><a href="/responsible-gaming">Responsible Gaming</a></li>
          </ul>
        </nav>
      </div>
      <p className="copyright">© {year} {ctx.site.siteName}. All rights reserved. Players must be 21 or older.</p>
    </footer>
  );
}
