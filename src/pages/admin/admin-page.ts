import { readCents } from '../../shared/money';
import { keptValues } from '../form-post';
import { definePage, type ActionContext, type ActionResult, type PageAction, type PageContext, type Page } from '../page';

/** What every console page loads: its own API reads, and the open counts for the menu (which then keeps them live). */
export async function adminLoad(ctx: PageContext, reads: Record<string, string>) {
  const names = Object.keys(reads);
  const [counts, ...rest] = await Promise.all([ctx.api!('/admin/counts'), ...names.map((n) => ctx.api!(reads[n]!))]);
  const data: Record<string, any> = { counts: (counts?.data as Record<string, unknown>) ?? null };
  names.forEach((n, i) => (data[n] = rest[i]));
  return data;
}

/** A console page: operators only, never cached, rendered from its API reads. */
export const adminPage = (p: Omit<Page, 'access'>) => definePage({ ...p, access: 'admin' });

/**
 * A form post that calls one operator API write in-process and comes back to the same screen with its answer as a
 * flash. A refusal of what was typed (the answer names fields), or a missing confirmation tick (then nothing is
 * sent), shows the page again with the form open, its values and the reason; any other refusal (the row moved on
 * meanwhile) is a flash over the list as it now is.
 */
export function apiAction(method: string, path: (f: Record<string, string>) => string, body: (f: Record<string, string>) => unknown,
  opts: { confirm?: boolean; /** Asks for the tick only for these posts (turning something off, not on). */ confirmWhen?: (f: Record<string, string>) => boolean } = {}): PageAction {
  return async (ctx: ActionContext) => {
    const back = ctx.url.pathname + ctx.url.search;
    const { confirm: _, ...typed } = keptValues(ctx.fields);
    const again = (status: number, message: string, errors: Record<string, string> = {}): ActionResult =>
      ({ status, form: { action: ctx.fields._action || 'default', values: typed, errors, message } });
    const asks = opts.confirm || (opts.confirmWhen?.(ctx.fields) ?? false);
    if (asks && ctx.fields.confirm !== 'yes') return again(400, 'Tick the box to confirm.');
    const a = await ctx.send(method, path(ctx.fields), body(ctx.fields), { idempotencyKey: ctx.fields._key || undefined });
    if (a.json?.success) return { redirect: back, flash: { kind: 'success', message: String(a.json.message) } };
    const named: { field?: unknown; message?: unknown }[] = Array.isArray(a.json?.errors) ? a.json!.errors : [];
    if (named.length && a.status >= 400 && a.status < 500) {
      const errors = Object.fromEntries(named.map((e) => [String(e.field), String(e.message)]));
      return again(a.status, named.map((e) => String(e.message)).join(' '), errors);
    }
    return { redirect: back, flash: { kind: 'error', message: String(a.json?.message || 'That did not work.') } };
  };
}

export const enc = encodeURIComponent;
/**
 * Typed dollars (`-2.50`, `$1,000`) as a JSON number by the shared rule, any size, so the API says what is wrong
 * with the amount (its maximum too); anything else as typed, for the API's own message.
 */
export function dollarsField(v: string | undefined): number | string | undefined {
  const r = readCents(v ?? '', { maxCents: Number.MAX_SAFE_INTEGER, text: 'typed', signed: true });
  if (r.ok) return r.cents / 100;
  return r.problem === 'tooLarge' ? Number((v ?? '').trim().replace(/[$,\s]/g, '')) : v;
}
