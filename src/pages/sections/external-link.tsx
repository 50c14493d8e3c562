import { m } from '../../i18n/paraglide/messages.js';
import type { ReactNode } from 'react';

/** A link to another site: new tab, no opener, no referrer, and a screen-reader note about the new tab. */
export function ExternalLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sr-only"> {m.visitor_new_tab()}</span>
    </a>
  );
}
