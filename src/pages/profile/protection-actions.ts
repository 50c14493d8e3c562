import { answerToResult } from '../form-post';
import type { ActionContext, ActionResult, PageAction } from '../page';
import { readAmount } from '../../shared/schemas/amount-input';
import { LIMIT_FIELDS } from '../../shared/schemas/play-limits';
import { m } from '../../i18n/paraglide/messages.js';

// The profile page's responsible-gaming and session forms, as plain posts: each calls the same API as any client,
// so the services' rules (and their refusals) are the same whichever way a player comes.

// The redirect scrolls to the section that was saved, and the confirmation shows there, not at the top of the page.
const ok = (message: string, hash: string): ActionResult => ({ redirect: `/profile-setting#${hash}`, flash: { kind: 'success', message, at: hash } });

/**
 * A limit box: empty is no limit; an amount as people type it (`$1,000`) goes to the API as a number, and anything
 * else as typed, so the API's one rule for amounts speaks.
 */
function limitValue(raw: string | undefined): number | string | null {
  const v = (raw ?? '').trim();
  if (v === '') return null;
  const r = readAmount(v);
  return r.ok ? r.dollars : v;
}

export const protectionActions: Record<string, PageAction> = {
  async limits(ctx: ActionContext) {
    const body: Record<string, unknown> = {};
    const values: Record<string, string> = {};
    for (const f of LIMIT_FIELDS) {
      body[f] = limitValue(ctx.fields[f]);
      values[f] = (ctx.fields[f] ?? '').trim();
    }
    if (ctx.fields.timeZone) body.timeZone = values.timeZone = ctx.fields.timeZone.trim();
    const a = await ctx.send('PUT', '/user/limits', body);
    const waiting = Array.isArray(a.json?.pending) && a.json!.pending.length > 0;
    return answerToResult(a, { action: 'limits', values }, () =>
      ok(waiting ? m.profile_limits_saved_waiting() : m.profile_limits_saved(), 'deposit-limits'));
  },
  async coolOff(ctx) {
    const values = { period: ctx.fields.period ?? '' };
    if (!ctx.fields.confirm) return { status: 400, form: { action: 'coolOff', values, errors: { confirm: m.profile_cool_off_tick() } } };
    const a = await ctx.send('POST', '/user/cool-off', { period: values.period });
    return answerToResult(a, { action: 'coolOff', values }, () => ok(m.profile_cool_off_started(), 'responsible-gaming'));
  },
  async selfExclude(ctx) {
    const values = { period: ctx.fields.period ?? '' };
    if (!ctx.fields.confirm)
      return { status: 400, form: { action: 'selfExclude', values, errors: { confirm: m.profile_exclude_tick() } } };
    const a = await ctx.send('POST', '/user/self-exclude', { period: values.period, password: ctx.fields.password ?? '' });
    return answerToResult(a, { action: 'selfExclude', values }, () => ok(m.profile_exclude_started(), 'responsible-gaming'));
  },
  async endSession(ctx) {
    const a = await ctx.send('DELETE', `/user/sessions/${encodeURIComponent(ctx.fields.sessionId ?? '')}`);
    return answerToResult(a, { action: 'endSession', values: {} }, () => ok(m.profile_device_signed_out(), 'sessions'));
  },
  async endOtherSessions(ctx) {
    const a = await ctx.send('DELETE', '/user/sessions');
    return answerToResult(a, { action: 'endOtherSessions', values: {} }, (json) => ok(String(json.message), 'sessions'));
  },
};
