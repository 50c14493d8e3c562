import { createContext, useContext, type ComponentProps } from 'react';
import { registry } from '../../islands/registry';

export type IslandName = keyof typeof registry;

/** Collects the islands a page renders so the document can load exactly their chunks. */
export const IslandsUsed = createContext<Set<string> | null>(null);

// `<` is escaped so a prop value can never close the data block.
const serialize = (props: unknown) => JSON.stringify(props ?? {}).replace(/</g, '\\u003c');

/** Server-renders an island inside a marker element, with its props as a JSON data block for hydration. */
export function Island<N extends IslandName>({ name, props }: { name: N; props: ComponentProps<(typeof registry)[N]> }) {
  useContext(IslandsUsed)?.add(name);
  const Component = registry[name] as unknown as (p: Record<string, unknown>) => React.ReactNode;
  return (
    <div data-island={name} className="island">
      <script type="application/json" dangerouslySetInnerHTML={{ __html: serialize(props) }} />
      <div data-root="">
        <Component {...(props as Record<string, unknown>)} />
      </div>
    </div>
  );
}
