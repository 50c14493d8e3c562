import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { embedded } from './embedded';

/** br: the build's brotli copy (`name.br` beside the file, scripts/build-client.ts), when there is one. */
export type Asset = { body: Uint8Array; gzip: Uint8Array | null; br: Uint8Array | null; type: string; immutable: boolean };
/**
 * enhance: the page's starter for the enhancement script, enhanceModule; publicCss: a visitor's subset of css;
 * app: a signed-in player's one boot script (enhancement, live parts, islands on use, the service worker); an
 * island's `module` is what its starter (`src`) or the boot script adds; offline: the offline page's script;
 * swVersion: the build's version, which the service worker carries (scripts/build-client.ts).
 */
export type Manifest = {
  islands: Record<string, { src: string; module?: string; imports: string[] }>;
  enhance: string; enhanceModule: string; css: string; publicCss: string;
  app?: string; offline?: string; swVersion?: string;
};
/** A build file whose name carries its content's hash: it never changes, so it may be kept for ever. */
export const HASHED = /^\/build\/[\w.-]+-[a-z0-9]{8}\.[a-z0-9]+$/;
export type AssetStore = { get(url: string): Asset | undefined; manifest: Manifest };

const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8', svg: 'image/svg+xml', png: 'image/png',
  webp: 'image/webp', jpg: 'image/jpeg', ico: 'image/x-icon', json: 'application/json', txt: 'text/plain; charset=utf-8',
  woff2: 'font/woff2', webmanifest: 'application/manifest+json',
};
const TEXT = /^(text\/|image\/svg|application\/(json|manifest))/;

/** Every public file, loaded once into memory with a gzip copy of the text ones. */
export async function loadAssets(publicDir = resolve(import.meta.dir, '../../public')): Promise<AssetStore> {
  const sources = embedded ?? scan(publicDir);
  const map = new Map<string, Asset>();
  for (const [url, path] of Object.entries(sources)) {
    if (url.endsWith('.br')) continue;
    const body = new Uint8Array(await Bun.file(path).arrayBuffer());
    const type = TYPES[url.split('.').pop() ?? ''] ?? 'application/octet-stream';
    const gzip = TEXT.test(type) && body.length > 512 ? Bun.gzipSync(body, { level: 9 }) : null;
    const brPath = sources[`${url}.br`];
    const br = brPath ? new Uint8Array(await Bun.file(brPath).arrayBuffer()) : null;
    map.set(url, { body, gzip, br, type, immutable: HASHED.test(url) });
  }
  const m = map.get('/build/manifest.json');
  if (!m) throw new Error('public/build/manifest.json is missing: run `bun run build:client` first');
  const manifest = JSON.parse(new TextDecoder().decode(m.body)) as Manifest;
  return { get: (url) => map.get(url), manifest };
}

function scan(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    if (!existsSync(d)) return;
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out['/' + relative(dir, p).split('\\').join('/')] = p;
    }
  };
  walk(dir);
  return out;
}

export function assetResponse(asset: Asset, req: Request): Response {
  const accept = req.headers.get('accept-encoding') ?? '';
  const encoding = asset.br && /\bbr\b/.test(accept) ? 'br' : asset.gzip && /\bgzip\b/.test(accept) ? 'gzip' : null;
  const headers: Record<string, string> = {
    'content-type': asset.type,
    'cache-control': asset.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    vary: 'accept-encoding',
  };
  if (encoding) headers['content-encoding'] = encoding;
  return new Response((encoding === 'br' ? asset.br : encoding === 'gzip' ? asset.gzip : asset.body) as BodyInit, { headers });
}
