import type { SiteInfo } from '../pages/page';
import type { Lang } from '../i18n/lang';
import { m } from '../i18n/paraglide/messages.js';

// The site's colours (public/styles/base.css and the document's theme-color).
export const THEME_COLOR = '#120b2e';
export const BACKGROUND_COLOR = '#110a2b';
export const MANIFEST_URL = '/manifest.webmanifest';

/**
 * The manifest a page names, in the page's language (what an install prompt shows): English at the usual address,
 * Spanish beside it. One app either way (the same `id`).
 */
export const manifestUrl = (lang: Lang): string => (lang === 'en' ? MANIFEST_URL : `/manifest.${lang}.webmanifest`);

/** The web app manifest: what a phone needs to install the site as an app that opens on the player's dashboard. */
export function webManifest(site: Pick<SiteInfo, 'siteName'>, lang: Lang = 'en') {
  return {
    id: '/home',
    lang: lang === 'es' ? 'es-US' : 'en-US',
    dir: 'ltr',
    name: site.siteName,
    // The home screen shows about twelve characters under an icon.
    short_name: site.siteName.length <= 12 ? site.siteName : site.siteName.slice(0, 12).trim(),
    description: m.layout_description({ site: site.siteName }, { locale: lang }),
    start_url: '/home',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: '/images/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/images/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/images/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/images/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
