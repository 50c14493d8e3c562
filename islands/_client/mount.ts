import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
// Before any island renders: messages speak the page's <html lang>.
import '../../src/i18n/client-lang';

/**
 * Hydrates every marker of one island on the page with the props the server serialized beside it, and the
 * id prefix the server rendered it with, so `useId` agrees on both sides.
 */
export function mount(name: string, Component: ComponentType<any>): void {
  for (const el of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)) {
    const data = el.querySelector(':scope > script[type="application/json"]');
    const root = el.querySelector(':scope > [data-root]');
    if (!root) continue;
    const props = data?.textContent ? JSON.parse(data.textContent) : {};
    hydrateRoot(root, createElement(Component, props), { identifierPrefix: el.dataset.prefix ?? '' });
  }
}
