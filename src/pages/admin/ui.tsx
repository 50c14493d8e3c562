import { createContext, useContext, type ReactNode } from 'react';
import type { FormState, PageContext } from '../page';
import { PageFormToken } from '../form-token-field';

export type Row = Record<string, any>;
export const money = (n: unknown) => (typeof n === 'number' ? `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}` : '');
export const when = (iso: unknown) => (typeof iso === 'string' ? iso.slice(0, 16).replace('T', ' ') : '');

// A post the server refused with the page shown again: the action form it came from opens with what was typed.
const Refused = createContext<FormState | undefined>(undefined);

/** The refused post of this form (its action and the row it names), if the page is shown again for one. */
export function useRefused(action: string, id?: string): FormState | undefined {
  const f = useContext(Refused);
  return f && f.action === action && (id === undefined || f.values.id === id) ? f : undefined;
}

/** The console's frame; its menu, with the live open counts, is in the operator header (layout/operator-header.tsx). */
export function AdminShell({ ctx, title, children }: { ctx: PageContext; title: string; children: ReactNode }) {
  return (
    <section className="page-section admin" aria-labelledby="admin-title">
      <h1 id="admin-title" className="admin-title">{title}</h1>
      <Refused.Provider value={ctx.form}>{children}</Refused.Provider>
    </section>
  );
}

/** A refused post's message, read out when the page comes back; `id` is what its fields point to. */
export function RefusedMessage({ form, id }: { form?: FormState; id: string }) {
  const text = form && (form.message ?? Object.values(form.errors).join(' '));
  return text ? <p className="field-error" role="alert" id={id}>{text}</p> : null;
}

/** An input of an action's form besides its reason, typed again when the post is refused. */
export type ActionField = { name: string; label: string; required?: boolean; pattern?: string; title?: string; inputMode?: 'decimal' | 'numeric'; minLength?: number; maxLength?: number;
  /** What the field holds before anything is typed. */
  initial?: string };

/** A labelled input that shows what was typed into a refused post, marked invalid when the refusal names it. */
export function FieldInput({ f, refused, errorId }: { f: ActionField; refused?: FormState; errorId: string }) {
  const bad = refused?.errors[f.name] !== undefined;
  return (
    <label className="field">
      <span>{f.label}</span>
      <input name={f.name} required={f.required} pattern={f.pattern} title={f.title} inputMode={f.inputMode} minLength={f.minLength} maxLength={f.maxLength} autoComplete="off"
        defaultValue={refused?.values[f.name] ?? f.initial} aria-invalid={bad || undefined} aria-describedby={bad ? errorId : undefined} />
    </label>
  );
}

/** A table that scrolls sideways on a narrow screen rather than breaking the page. */
export function Table({ head, rows, empty = 'Nothing here.' }: { head: string[]; rows: ReactNode[][]; empty?: string }) {
  if (!rows.length) return <p className="admin-empty">{empty}</p>;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        {/* A column of buttons has no heading on screen; a screen reader still hears what it is. */}
        <thead><tr>{head.map((h, i) => <th key={i} scope="col">{h || <span className="sr-only">Actions</span>}</th>)}</tr></thead>
        <tbody>{rows.map((r, i) => <tr key={i}>{r.map((c, j) => <td key={j} data-label={head[j]}>{c}</td>)}</tr>)}</tbody>
      </table>
    </div>
  );
}

/**
 * A plain post to the page's own action, with a reason the operator must give (and, where money moves or a player
 * is locked, tick to confirm): the server refuses it without them, and so does the browser before sending. Opened,
 * its button reads Cancel and closes it again; refused, it comes back open with what was typed and why.
 */
export function ActionForm({ action, id, label, reasonLabel = 'Reason', confirm, danger, extra, fields = [], reasonRequired = true, field = 'reason' }: {
  action: string; id: string; label: string; reasonLabel?: string; confirm?: string; danger?: boolean;
  /** Hidden inputs the action needs besides its row's id. */
  extra?: ReactNode;
  fields?: ActionField[]; reasonRequired?: boolean; field?: string;
}) {
  const refused = useRefused(action, id);
  const errorId = `${action}-${id}-error`;
  const kind = danger ? 'btn-ghost admin-danger' : 'btn-primary';
  return (
    <details className="admin-action" open={refused ? true : undefined}>
      <summary className={`btn btn-sm ${kind}`}><span className="admin-action-label">{label}</span><span className="admin-action-cancel">Cancel</span></summary>
      <form method="post" className="admin-action-form"><PageFormToken />
        <input type="hidden" name="_action" value={action} />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="_key" value={crypto.randomUUID()} />
        {extra}
        <RefusedMessage form={refused} id={errorId} />
        {fields.map((f) => <FieldInput key={f.name} f={f} refused={refused} errorId={errorId} />)}
        <FieldInput f={{ name: field, label: reasonLabel, required: reasonRequired, minLength: reasonRequired ? 3 : undefined, maxLength: 500 }} refused={refused} errorId={errorId} />
        {confirm && (
          <label className="admin-confirm"><input type="checkbox" name="confirm" value="yes" required /> {confirm}</label>
        )}
        <button type="submit" className={`btn btn-sm ${kind}`}>{label}</button>
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

/**
 * Previous / Next links that keep the rest of the URL. `param` names the page number where a screen pages a list of
 * its own (a player's movements: historyPage); `hash` brings the reader back to that list rather than the top.
 */
export function Pager({ ctx, pagination, param = 'page', hash = '' }: { ctx: PageContext; pagination?: { page: number; pages: number; total: number }; param?: string; hash?: string }) {
  if (!pagination || pagination.pages <= 1) return null;
  const at = (p: number) => {
    const q = new URLSearchParams(ctx.url.search);
    q.set(param, String(p));
    return `${ctx.url.pathname}?${q}${hash && `#${hash}`}`;
  };
  return (
    <nav className="admin-pager" aria-label="Pages">
      {pagination.page > 1 && <a href={at(pagination.page - 1)}>Previous</a>}
      <span>Page {pagination.page} of {pagination.pages} ({pagination.total})</span>
      {pagination.page < pagination.pages && <a href={at(pagination.page + 1)}>Next</a>}
    </nav>
  );
}
