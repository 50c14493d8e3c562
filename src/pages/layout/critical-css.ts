// The critical CSS of a page: the rules of its stylesheet that can apply to the HTML it was sent with, inlined in
// its head so the first paint needs no second request. The whole stylesheet still follows, without blocking the
// paint (docs/decisions/page-speed.md, sixth round).
//
// A rule is kept when every class, id, attribute and element name in one of its selectors occurs in the page.
// Pseudo-classes are dropped first, which only widens a selector, so every rule that matches an element of the
// page is kept (in its order, so the cascade is the same); a few that do not match are kept too. Rules for what
// scripts add later (an open menu, a toast) are left to the whole stylesheet, which is in by then.

type Block = { kind: 'rule'; selectors: string[][]; text: string } | { kind: 'group'; prelude: string; children: Block[] } | { kind: 'keep'; text: string };

const parsed = new Map<string, Block[]>();

/** The tokens a selector needs in the page: `.class`, `#id`, `[attr`, and element names. */
function tokensOf(selector: string): string[] {
  // Attribute values go first (a value may hold spaces or look like a name), then pseudo-classes and -elements.
  const plain = selector.replace(/\[\s*([\w-]+)[^\]]*\]/g, ' [$1 ').replace(/::?[\w-]+(\((?:[^()]|\([^)]*\))*\))?/g, ' ');
  const out: string[] = [];
  for (const m of plain.matchAll(/([.#])(-?[_a-zA-Z][\w-]*)|\[\s*([\w-]+)|(?:^|[\s>+~])([a-zA-Z][\w-]*)/g)) {
    if (m[1] === '.') out.push('.' + m[2]);
    else if (m[1] === '#') out.push('#' + m[2]);
    else if (m[3]) out.push('[' + m[3].toLowerCase());
    else if (m[4]) out.push(m[4].toLowerCase());
  }
  return out;
}

function parse(css: string): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < css.length) {
    const open = css.indexOf('{', i);
    if (open < 0) break;
    let depth = 1;
    let j = open + 1;
    for (; j < css.length && depth > 0; j++) {
      if (css[j] === '{') depth++;
      else if (css[j] === '}') depth--;
    }
    const prelude = css.slice(i, open).trim();
    const body = css.slice(open + 1, j - 1);
    if (/^@(media|supports|layer)\b/.test(prelude)) blocks.push({ kind: 'group', prelude, children: parse(body) });
    else if (prelude.startsWith('@')) blocks.push({ kind: 'keep', text: css.slice(i, j).trim() });
    else blocks.push({ kind: 'rule', selectors: prelude.split(/,(?![^(]*\))/).map(tokensOf), text: `${prelude}{${body}}` });
    i = j;
  }
  return blocks;
}

/** Every class, id, attribute name and element name in the HTML. */
export function tokensIn(html: string): Set<string> {
  const have = new Set<string>();
  for (const m of html.matchAll(/<([a-zA-Z][\w-]*)([^>]*)>/g)) {
    have.add(m[1]!.toLowerCase());
    const attrs = m[2]!;
    for (const a of attrs.matchAll(/([^\s=/"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      const name = a[1]!.toLowerCase();
      have.add('[' + name);
      const value = a[2] ?? a[3] ?? a[4] ?? '';
      if (name === 'class') for (const c of value.split(/\s+/)) if (c) have.add('.' + c);
      if (name === 'id' && value) have.add('#' + value);
    }
  }
  return have;
}

function pick(blocks: Block[], have: Set<string>): string {
  let out = '';
  for (const b of blocks) {
    if (b.kind === 'keep') out += b.text;
    else if (b.kind === 'rule') {
      if (b.selectors.some((tokens) => tokens.every((t) => have.has(t)))) out += b.text;
    } else {
      const inner = pick(b.children, have);
      if (inner) out += `${b.prelude}{${inner}}`;
    }
  }
  return out;
}

/** The rules of `css` (a built, minified stylesheet) that can apply to `html`. */
export function criticalCss(css: string, html: string): string {
  let blocks = parsed.get(css);
  if (!blocks) parsed.set(css, (blocks = parse(css.replace(/\/\*[\s\S]*?\*\//g, ''))));
  return pick(blocks, tokensIn(html));
}

const hashes = new Map<string, string>();

/** The CSP source that allows exactly this inline style ('sha256-…'). */
export function styleHash(css: string): string {
  let h = hashes.get(css);
  if (!h) {
    h = `'sha256-${new Bun.CryptoHasher('sha256').update(css).digest('base64')}'`;
    if (hashes.size > 500) hashes.clear();
    hashes.set(css, h);
  }
  return h;
}
