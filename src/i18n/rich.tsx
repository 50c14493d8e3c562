import { Fragment, type ReactNode } from 'react';

/**
 * A message with inline markup, as React: `<b>…</b>` bold, `<em>…</em>` emphasis, `<code>…</code>` a command, and `<a0>…</a0>`, `<a1>…</a1>`
 * for the links the caller hands over (their href and attributes stay in code, only their words in the catalogue).
 * Anything else is text: React escapes it, so a catalogue cannot inject markup.
 */
export function Rich({ text, links = [] }: { text: string; links?: ((words: ReactNode) => ReactNode)[] }): ReactNode {
  const out: ReactNode[] = [];
  const tag = /<(b|em|code|a\d)>([\s\S]*?)<\/\1>/g;
  let at = 0;
  for (let m = tag.exec(text); m; m = tag.exec(text)) {
    if (m.index > at) out.push(text.slice(at, m.index));
    const [, name, inner] = m as unknown as [string, string, string];
    const key = out.length;
    if (name === 'b') out.push(<strong key={key}>{inner}</strong>);
    else if (name === 'em') out.push(<em key={key}>{inner}</em>);
    else if (name === 'code') out.push(<code key={key}>{inner}</code>);
    else out.push(<Fragment key={key}>{links[Number(name.slice(1))]?.(inner) ?? inner}</Fragment>);
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return <>{out}</>;
}
