import { renderToStaticMarkup } from 'react-dom/server';

// Its own small style (allowed by its hash): the page must draw without any other file, the site's stylesheet may
// not be kept. The colours are the site's own (public/styles/base.css).
export const OFFLINE_CSS = [
  ':root{color-scheme:dark}',
  'body{margin:0;min-height:100vh;display:grid;place-items:center;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#f5f1ff;background:#110a2b}',
  'main{max-width:32rem;margin:1.5rem;padding:1.5rem;border:1px solid #3b2a80;border-radius:14px;background:#1f1449}',
  'h1{margin:.4em 0;font-size:1.6rem;line-height:1.2}p{margin:0 0 1em}strong{color:#fff}',
  '.logo{display:flex;align-items:center;gap:.5rem;font-weight:800}.logo svg{display:block;width:32px;height:32px}',
  '.sent{padding:.75rem 1rem;border-left:4px solid #5ee08f;background:#170e38;border-radius:8px}',
  '.seen{color:#cfc6ec}',
  '.btn{display:inline-block;padding:.6rem 1.2rem;border-radius:999px;background:#ffc940;color:#1c1030;font-weight:700;text-decoration:none}',
  '.btn:focus-visible{outline:3px solid #ffe38a;outline-offset:3px}',
  '[hidden]{display:none!important}',
].join('');

/**
 * What the service worker shows for a page the network could not bring (no connection, or none within 3 s): the
 * player is offline, and nothing was sent. A balance only as last seen in this tab, with the time, filled in by its
 * script from sessionStorage (src/client/offline.ts); otherwise none. Try again is a link to the same address.
 */
export function OfflinePage({ siteName, logoSvg, script }: { siteName: string; logoSvg: string; script: string }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#120b2e" />
        <title>{`You are offline | ${siteName}`}</title>
        <style dangerouslySetInnerHTML={{ __html: OFFLINE_CSS }} />
        <script type="module" src={script} />
      </head>
      <body>
        <main>
          <p className="logo">
            <span aria-hidden="true" dangerouslySetInnerHTML={{ __html: logoSvg }} />
            {siteName}
          </p>
          <h1>You are offline</h1>
          <p>This page could not be loaded: there is no connection, or it is too slow right now.</p>
          <p className="sent">
            <strong>Nothing was sent.</strong> No deposit, transfer, withdrawal or other change was made from this screen, and nothing
            will be sent later by itself.
          </p>
          <p className="seen" data-last-seen="" hidden>
            {'Your balance when last seen in this tab, at '}
            <time data-seen-at="" />
            {': '}
            <strong data-seen-amount="" />
            {'. It may have changed since.'}
          </p>
          <p>
            <a className="btn" href="">Try again</a>
          </p>
        </main>
      </body>
    </html>
  );
}

export function offlineHtml(o: { siteName: string; logoSvg: string; script: string }): string {
  return '<!DOCTYPE html>' + renderToStaticMarkup(<OfflinePage {...o} />);
}
