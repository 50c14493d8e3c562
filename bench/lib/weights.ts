// What a first visit to a page costs on the wire: the HTML, every script it loads (entries, modulepreloads and
// their static imports) and its stylesheets, each fetched as a browser would with gzip accepted.
export type Weight = {
  htmlBytes: number;
  htmlGzipBytes: number;
  scripts: Record<string, number>;
  styles: Record<string, number>;
};

type Fetched = { text: string; wireBytes: number };

async function get(url: string, headers: Record<string, string> = {}): Promise<Fetched> {
  const res = await fetch(url, { headers: { 'accept-encoding': 'gzip', ...headers }, decompress: false } as RequestInit);
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  const wire = new Uint8Array(await res.arrayBuffer());
  const body = res.headers.get('content-encoding') === 'gzip' ? Bun.gunzipSync(wire) : wire;
  return { text: new TextDecoder().decode(body), wireBytes: wire.length };
}

/** The attributes of every `<tag …>` in the HTML, as plain objects. */
function tags(html: string, tag: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'gi'))].map((m) =>
    Object.fromEntries([...m[1]!.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map((a) => [a[1]!.toLowerCase(), a[2] ?? ''])),
  );
}

/** Static imports (`import … from "x"`, `import "x"`) of a module: the browser fetches these before running it. */
function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+)["']/g)].map((m) => m[1]!);
}

/** Dynamic imports with a literal URL, counted only for inline scripts, which run (and import) at load. */
function literalDynamicImports(code: string): string[] {
  return [...code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]!);
}

/** `headers` go with the page request only (e.g. a session cookie for a signed-in page). */
export async function pageWeight(base: string, path: string, headers: Record<string, string> = {}): Promise<Weight> {
  const page = await get(base + path, headers);
  const html = page.text;
  const pageUrl = new URL(path, base);
  const queue: string[] = [];
  for (const s of tags(html, 'script')) if (s.src) queue.push(new URL(s.src, pageUrl).href);
  for (const l of tags(html, 'link')) if (l.rel === 'modulepreload' && l.href) queue.push(new URL(l.href, pageUrl).href);
  for (const m of html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    for (const spec of [...staticImports(m[1]!), ...literalDynamicImports(m[1]!)]) queue.push(new URL(spec, pageUrl).href);
  }
  const scripts: Record<string, number> = {};
  while (queue.length) {
    const url = queue.shift()!;
    if (url in scripts) continue;
    const js = await get(url);
    scripts[url] = js.wireBytes;
    for (const spec of staticImports(js.text)) queue.push(new URL(spec, url).href);
  }
  const styles: Record<string, number> = {};
  for (const l of tags(html, 'link')) {
    if (l.rel !== 'stylesheet' || !l.href) continue;
    const url = new URL(l.href, pageUrl).href;
    styles[url] ??= (await get(url)).wireBytes;
  }
  return { htmlBytes: new TextEncoder().encode(html).length, htmlGzipBytes: page.wireBytes, scripts, styles };
}

export const sum = (m: Record<string, number>): number => Object.values(m).reduce((a, b) => a + b, 0);
