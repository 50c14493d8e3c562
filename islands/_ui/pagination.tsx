import { pageWindow, showingText } from './history-format';

type Props = { page: number; totalPages: number; total: number; limit: number; onPage: (p: number) => void; disabled?: boolean };

/** spec §2 transactions pagination: only with more than one page; Previous/Next disabled at the ends. */
export function Pagination({ page, totalPages, total, limit, onPage, disabled }: Props) {
  if (totalPages <= 1) return null;
  const go = (p: number) => p >= 1 && p <= totalPages && p !== page && onPage(p);
  return (
    <nav className="pagination" aria-label="Transaction pages">
      <p className="pagination-info">{showingText(page, limit, total)}</p>
      <button type="button" onClick={() => go(page - 1)} disabled={disabled || page <= 1}>
        Previous
      </button>
      {pageWindow(page, totalPages).map((p) =>
        typeof p === 'number' ? (
          <button
            key={p}
            type="button"
            onClick={() => go(p)}
            disabled={disabled}
            aria-current={p === page ? 'page' : undefined}
            aria-label={`Page ${p}`}
          >
            {p}
          </button>
        ) : (
          <span key={p} className="pagination-gap" aria-hidden="true">
            …
          </span>
        ),
      )}
      <button type="button" onClick={() => go(page + 1)} disabled={disabled || page >= totalPages}>
        Next
      </button>
    </nav>
  );
}
