// Events on an island's marker element (src/pages/island.tsx), between its plain boot scripts and its React.
// Plain constants: the signed-in boot script imports them without pulling React in.

/** Just before React hydrates the marker: plain scripts stop writing into it and bring its props up to date. */
export const ISLAND_HANDOVER = 'coinreel:island-handover';
/** Right after `hydrateRoot`: React listens on the marker from now on. */
export const ISLAND_HYDRATED = 'coinreel:island-hydrated';

/**
 * On a form whose submit only its island can do (the /solvency check runs in the browser): its submit button is
 * enabled from the first paint, and a tap on it before React arrives is held and given to React (wake.ts).
 */
export const WAIT_FOR_ISLAND = 'data-wait-for-island';

/** Whether React has taken (or is taking) the marker over. */
export const isHydrated = (marker: HTMLElement): boolean => marker.dataset.hydrated !== undefined;

/** The props block the server serialized beside an island, read and written as JSON. */
export function islandProps<T = Record<string, unknown>>(marker: HTMLElement): T | null {
  const data = marker.querySelector(':scope > script[type="application/json"]');
  try {
    return data?.textContent ? (JSON.parse(data.textContent) as T) : null;
  } catch {
    return null;
  }
}

export function setIslandProps(marker: HTMLElement, props: unknown): void {
  const data = marker.querySelector(':scope > script[type="application/json"]');
  // `<` escaped as the server does (src/pages/island.tsx), so a value can never close the block.
  if (data) data.textContent = JSON.stringify(props ?? {}).replace(/</g, '\\u003c');
}
