import { createContext, useContext, type ComponentProps } from 'react';
import { renderToString } from 'react-dom/server';
import { registry } from '../../islands/registry';

export type IslandName = keyof typeof registry;

/**
 * When the browser fetches an island's code (and with it React): `load` at once (data-driven islands that must
 * show at once), `visible` once the island scrolls into view, `interaction` when the visitor first focuses, types
 * into or taps it. Until then the server's HTML is a plain form that posts by itself; the island reads what was
 * typed when it takes over (islands/_ui/use-form.ts).
 */
export type IslandLoad = 'load' | 'visible' | 'interaction';

/**
 * The policy of an island whose page names none: `load` on visitor and operator pages; `interaction` on a signed-in
 * player's pages, whose live parts (balance, deposit, history) are kept by plain scripts until an island is used
 * (docs/decisions/signed-in-loading.md).
 */
export const IslandLoadDefault = createContext<IslandLoad>('load');

/** Collects the islands a page renders so the document can load exactly their chunks. */
export const IslandsUsed = createContext<Set<string> | null>(null);

// How many islands a page has rendered so far, to give each its own id prefix.
const counts = new WeakMap<Set<string>, number>();

// `<` is escaped so a prop value can never close the data block.
const serialize = (props: unknown) => JSON.stringify(props ?? {}).replace(/</g, '\\u003c');

/**
 * Server-renders an island inside a marker element, with its props as a JSON data block for hydration.
 * The island is rendered as a root of its own with an id prefix that the browser hydrates with too, so
 * `useId` gives the same ids on both sides (inside the page's tree it would count from the page's root).
 */
export function Island<N extends IslandName>({ name, props, load }: { name: N; props: ComponentProps<(typeof registry)[N]>; load?: IslandLoad }) {
  const used = useContext(IslandsUsed);
  const fallback = useContext(IslandLoadDefault);
  // A page that asks for `load` where the default is another says so on the marker, so the boot script keeps it.
  const policy = load ?? fallback;
  const written = policy === 'load' && fallback === 'load' ? undefined : policy;
  used?.add(name);
  const n = used ? (counts.get(used) ?? 0) : 0;
  if (used) counts.set(used, n + 1);
  const prefix = `i${n}-`;
  const Component = registry[name] as unknown as (p: Record<string, unknown>) => React.ReactNode;
  const html = renderToString(<Component {...(props as Record<string, unknown>)} />, { identifierPrefix: prefix });
  return (
    <div data-island={name} data-prefix={prefix} data-load={written} className="island">
      <script type="application/json" dangerouslySetInnerHTML={{ __html: serialize(props) }} />
      <div data-root="" dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}
