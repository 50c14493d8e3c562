// Draws the app's icons (public/images/icon-*.png, named in the web app manifest, src/pwa/manifest.ts) from the
// site's logo with Debian's chromium, once; the PNGs are committed. Run again after the logo changes:
//   bun scripts/render-icons.ts && pngquant --quality 70-95 --speed 1 --force --ext .png public/images/icon-*.png
// (pngquant, from Debian, makes each file about a third of its size; the browser fetches the 192 px icon with
// the manifest on a first visit.)
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const root = resolve(import.meta.dir, '..');
const logo = readFileSync(join(root, 'public/images/logo.svg'), 'utf8');
const BACKGROUND = '#110a2b';

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ deviceScaleFactor: 1 });
/** `any`: the coin on a rounded square of the site's background. maskable: full bleed, the coin inside the 80 % safe circle. */
async function draw(size: number, maskable: boolean, file: string) {
  const coin = size * (maskable ? 0.6 : 0.78);
  const box = maskable ? `background:${BACKGROUND}` : `background:${BACKGROUND};border-radius:${size * 0.22}px`;
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<body style="margin:0;background:transparent"><div style="width:${size}px;height:${size}px;display:grid;place-items:center;${box}">` +
      `<div style="width:${coin}px;height:${coin}px">${logo.replace('<svg ', `<svg width="${coin}" height="${coin}" `)}</div></div></body>`,
  );
  await page.screenshot({ path: join(root, 'public/images', file), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
}
await draw(192, false, 'icon-192.png');
await draw(512, false, 'icon-512.png');
await draw(192, true, 'icon-maskable-192.png');
await draw(512, true, 'icon-maskable-512.png');
await browser.close();
console.log('icons drawn in public/images/');
