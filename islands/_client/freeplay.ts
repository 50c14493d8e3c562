// The wallet menu opens the freeplay modal (a separate island) through a DOM event, so the two islands
// share no module state and any control on the page can open it. The modal returns focus to whatever
// had it when it opened.
export const FREEPLAY_OPEN_EVENT = 'coinreel:freeplay-open';

export function openFreeplay(): void {
  document.dispatchEvent(new CustomEvent(FREEPLAY_OPEN_EVENT));
}
