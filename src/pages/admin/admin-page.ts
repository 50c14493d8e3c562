import { readCents } from '../../shared/money';
import { definePage, type ActionContext, type PageAction, type PageContext, type Page } from '../page';

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
 * flash. Without the confirmation tick (where one is asked) nothing is sent.
 */
export function apiAction(method: string, path: (f: Record<string, string>) => string, body: (f: Record<string, string>) => unknown, opts: { confirm?: boolean } = {}): PageAction {
  return async (ctx: ActionContext) => {
    const back = ctx.url.pathname + ctx.url.search;
    if (opts.confirm && ctx.fields.confirm !== 'yes') return { redirect: back, flash: { kind: 'error', message: 'Tick the box to confirm.' } };
    const a = await ctx.send(method, path(ctx.fields), body(ctx.fields), { idempotencyKey: ctx.fields._key || undefined });
    const fieldMessage = Array.isArray(a.json?.errors) ? a.json!.errors.map((e: { message: string }) => e.message).join(' ') : '';
    const message = String(a.json?.success ? a.json.message : fieldMessage || a.json?.message || 'That did not work.');
    return { redirect: back, flash: { kind: a.json?.success ? 'success' : 'error', message } };
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
