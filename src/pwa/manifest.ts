import type { SiteInfo } from '../pages/page';

// The site's colours (public/styles/base.css and the document's theme-color).
export const THEME_COLOR = '#120b2e';
export const BACKGROUND_COLOR = '#110a2b';
export const MANIFEST_URL = '/manifest.webmanifest';

/** The web app manifest: what a phone needs to install the site as an app that opens on the player's dashboard. */
export function webManifest(site: Pick<SiteInfo, 'siteName'>) {
  return {
    id: '/home',
    name: site.siteName,
    // The home screen shows about twelve characters under an icon.
    short_name: site.siteName.length <= 12 ? site.siteName : site.siteName.slice(0, 12).trim(),
    description: `${site.siteName}: your wallet for Ultra Panda and VBlink credits.`,
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
