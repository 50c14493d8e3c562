import { renderToStaticMarkup } from 'react-dom/server';
import { LANGS, type Lang } from '../i18n/lang';
import { m } from '../i18n/paraglide/messages.js';
import { Rich } from '../i18n/rich';

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
  // Hidden until its script has shown the tab's language, so a Spanish reader never sees the English flash by; shown
  // anyway after a moment, in English, should the script not run.
  'html:not([data-ready]) main{visibility:hidden;animation:offline-show 0s .4s forwards}',
  '@keyframes offline-show{to{visibility:visible}}',
].join('');

/** The page's words in one language; the time and the balance are places its script fills. */
function Words({ lang, siteName }: { lang: Lang; siteName: string }) {
  const o = { locale: lang };
  const seen = m.islands_offline_seen({ time: '{time}', amount: '{amount}' }, o).split(/(\{time\}|\{amount\})/);
  return (
    <div data-lang={lang} lang={lang} data-title={m.islands_offline_title({ site: siteName }, o)} hidden={lang !== 'en'}>
      <h1>{m.islands_offline_heading({}, o)}</h1>
      <p>{m.islands_offline_text({}, o)}</p>
      <p className="sent">
        <Rich text={m.islands_offline_sent({}, o)} />
      </p>
      <p className="seen" data-last-seen="" hidden>
        {seen.map((part, i) => (part === '{time}' ? <time key={i} data-seen-at="" /> : part === '{amount}' ? <strong key={i} data-seen-amount="" /> : part))}
      </p>
      <p>
        <a className="btn" href="">{m.islands_offline_retry({}, o)}</a>
      </p>
    </div>
  );
}

/**
 * What the service worker shows for a page the network could not bring (no connection, or none within 3 s): the
 * player is offline, and nothing was sent. A balance only as last seen in this tab, with the time, filled in by its
 * script from sessionStorage (src/client/offline.ts); otherwise none. Try again is a link to the same address. One
 * page kept for every language: it holds both, English shown, and its script shows the tab's language instead (the
 * page hidden meanwhile, English after a moment should the script not run).
 */
export function OfflinePage({ siteName, logoSvg, script }: { siteName: string; logoSvg: string; script: string }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#120b2e" />
        <title>{m.islands_offline_title({ site: siteName }, { locale: 'en' })}</title>
        <style dangerouslySetInnerHTML={{ __html: OFFLINE_CSS }} />
        <script type="module" src={script} />
      </head>
      <body>
        <main>
          <p className="logo">
            <span aria-hidden="true" dangerouslySetInnerHTML={{ __html: logoSvg }} />
            {siteName}
          </p>
          {LANGS.map((lang) => (
            <Words key={lang} lang={lang} siteName={siteName} />
          ))}
        </main>
      </body>
    </html>
  );
}

export function offlineHtml(o: { siteName: string; logoSvg: string; script: string }): string {
  return '<!DOCTYPE html>' + renderToStaticMarkup(<OfflinePage {...o} />);
}
