import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
// Before any island renders: messages speak the page's <html lang>.
import '../../src/i18n/client-lang';
import { pageWords } from '../_ui/page-words';
import { registerWords } from './page-words';
import { ISLAND_HANDOVER, ISLAND_HYDRATED } from './island-events';

// The words plain code says (a toast's close button, the API client's fallbacks), for pages whose server drew none.
registerWords(pageWords());

/**
 * Hydrates every marker of one island on the page with the props the server serialized beside it, and the
 * id prefix the server rendered it with, so `useId` agrees on both sides. Just before, the marker hears
 * `ISLAND_HANDOVER`: a plain script that kept its HTML live (src/client/live) stops and brings the props up to
 * what the HTML shows, so hydration finds no mismatch; after, `ISLAND_HYDRATED` (a tap kept meanwhile is replayed).
 */
export function mount(name: string, Component: ComponentType<any>): void {
  for (const el of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)) {
    if (el.dataset.hydrated !== undefined) continue;
    const root = el.querySelector(':scope > [data-root]');
    if (!root) continue;
    el.dataset.hydrated = '';
    el.dispatchEvent(new CustomEvent(ISLAND_HANDOVER));
    const data = el.querySelector(':scope > script[type="application/json"]');
    const props = data?.textContent ? JSON.parse(data.textContent) : {};
    hydrateRoot(root, createElement(Component, props), { identifierPrefix: el.dataset.prefix ?? '' });
    el.dispatchEvent(new CustomEvent(ISLAND_HYDRATED));
  }
}
