import { m } from '../../src/i18n/paraglide/messages.js';
import { Fragment, type MouseEvent, type ReactNode } from 'react';
import { pageWindow, showingText } from './history-format';

type Props = {
  page: number; totalPages: number; total: number; limit: number; onPage: (p: number) => void; disabled?: boolean;
  /** Each page's own URL: the pages are then links that work without script (and are taken over with it). */
  href?: (p: number) => string;
};

/** spec §2 transactions pagination: only with more than one page; Previous/Next disabled at the ends. */
export function Pagination({ page, totalPages, total, limit, onPage, disabled, href }: Props) {
  if (totalPages <= 1) return null;
  const go = (p: number) => p >= 1 && p <= totalPages && p !== page && onPage(p);
  const control = (p: number, off: boolean, children: ReactNode, extra: Record<string, string | undefined> = {}) => {
    if (!href) return <button type="button" onClick={() => go(p)} disabled={off} {...extra}>{children}</button>;
    if (off) return <span className="pagination-off" aria-disabled="true" {...extra}>{children}</span>;
    const click = (e: MouseEvent) => {
      e.preventDefault();
      go(p);
    };
    return <a href={href(p)} onClick={click} {...extra}>{children}</a>;
  };
  return (
    <nav className="pagination" aria-label={m.islands_tx_pages()}>
      <p className="pagination-info">{showingText(page, limit, total)}</p>
      {control(page - 1, !!disabled || page <= 1, m.islands_previous())}
      {pageWindow(page, totalPages).map((p) =>
        typeof p === 'number' ? (
          <Fragment key={p}>{control(p, !!disabled, p, { 'aria-current': p === page ? 'page' : undefined, 'aria-label': m.islands_page({ page: p }) })}</Fragment>
        ) : (
          <span key={p} className="pagination-gap" aria-hidden="true">
            …
          </span>
        ),
      )}
      {control(page + 1, !!disabled || page >= totalPages, m.islands_next())}
    </nav>
  );
}
