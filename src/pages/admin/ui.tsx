import type { ReactNode } from 'react';
import type { PageContext } from '../page';
import { PageFormToken } from '../form-token-field';

export type Row = Record<string, any>;
export const money = (n: unknown) => (typeof n === 'number' ? `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}` : '');
export const when = (iso: unknown) => (typeof iso === 'string' ? iso.slice(0, 16).replace('T', ' ') : '');

/** The console's frame; its menu, with the live open counts, is in the operator header (layout/operator-header.tsx). */
export function AdminShell({ title, children }: { ctx: PageContext; title: string; children: ReactNode }) {
  return (
    <section className="page-section admin" aria-labelledby="admin-title">
      <h1 id="admin-title" className="admin-title">{title}</h1>
      {children}
    </section>
  );
}

/** A table that scrolls sideways on a narrow screen rather than breaking the page. */
export function Table({ head, rows, empty = 'Nothing here.' }: { head: string[]; rows: ReactNode[][]; empty?: string }) {
  if (!rows.length) return <p className="admin-empty">{empty}</p>;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <thead><tr>{head.map((h) => <th key={h} scope="col">{h}</th>)}</tr></thead>
        <tbody>{rows.map((r, i) => <tr key={i}>{r.map((c, j) => <td key={j} data-label={head[j]}>{c}</td>)}</tr>)}</tbody>
      </table>
    </div>
  );
}

/**
 * A plain post to the page's own action, with a reason the operator must give (and, where money moves or a player
 * is locked, tick to confirm): the server refuses it without them, and so does the browser before sending.
 */
export function ActionForm({ action, id, label, reasonLabel = 'Reason', confirm, danger, extra, reasonRequired = true, field = 'reason' }: {
  action: string; id: string; label: string; reasonLabel?: string; confirm?: string; danger?: boolean; extra?: ReactNode; reasonRequired?: boolean; field?: string;
}) {
  return (
    <details className="admin-action">
      <summary className={`btn btn-sm ${danger ? 'btn-ghost admin-danger' : 'btn-primary'}`}>{label}</summary>
      <form method="post" className="admin-action-form"><PageFormToken />
        <input type="hidden" name="_action" value={action} />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="_key" value={crypto.randomUUID()} />
        {extra}
        <label className="field">
          <span>{reasonLabel}</span>
          <input name={field} required={reasonRequired} minLength={reasonRequired ? 3 : undefined} maxLength={500} autoComplete="off" />
        </label>
        {confirm && (
          <label className="admin-confirm"><input type="checkbox" name="confirm" value="yes" required /> {confirm}</label>
        )}
        <button type="submit" className={`btn btn-sm ${danger ? 'btn-ghost admin-danger' : 'btn-primary'}`}>{label}</button>
      </form>
    </details>
  );
}

/** A filter bar of links (status=…), kept in the URL. */
export function Filters({ ctx, name, options }: { ctx: PageContext; name: string; options: [string, string][] }) {
  const current = ctx.url.searchParams.get(name) ?? options[0]![0];
  return (
    <nav className="admin-filters" aria-label="Filter">
      {options.map(([v, label]) => (
        <a key={v} href={`${ctx.url.pathname}?${name}=${encodeURIComponent(v)}`} aria-current={current === v ? 'true' : undefined}>{label}</a>
      ))}
    </nav>
  );
}

export function Pager({ ctx, pagination }: { ctx: PageContext; pagination?: { page: number; pages: number; total: number } }) {
  if (!pagination || pagination.pages <= 1) return null;
  const at = (p: number) => {
    const q = new URLSearchParams(ctx.url.search);
    q.set('page', String(p));
    return `${ctx.url.pathname}?${q}`;
  };
  return (
    <nav className="admin-pager" aria-label="Pages">
      {pagination.page > 1 && <a href={at(pagination.page - 1)}>Previous</a>}
      <span>Page {pagination.page} of {pagination.pages} ({pagination.total})</span>
      {pagination.page < pagination.pages && <a href={at(pagination.page + 1)}>Next</a>}
    </nav>
  );
}
