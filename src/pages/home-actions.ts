import { dollarsToCents, formatCents } from '../shared/money';
import { m } from '../i18n/paraglide/messages.js';
import { readAmount } from '../shared/schemas/amount-input';
import { checkGameMoveTyped } from '../shared/schemas/games';
import { answerToResult } from './form-post';
import type { ActionContext, ActionResult, PageAction } from './page';
import { withdrawActions } from './withdraw-actions';

// The dashboard's plain form posts (before or without the islands' scripts): each calls the same API the islands
// call, so the rules, messages and services are one. Success returns to the form's section with a flash.

const PATHS = { transfer: '/transfer/transfer-data-request', redeem: '/game/redeem-Request' } as const;

/** The API names the field userName; the form calls it username. */
function renamed(r: ActionResult): ActionResult {
  if ('form' in r && r.form.errors.userName) {
    const { userName, ...rest } = r.form.errors;
    r.form.errors = { ...rest, username: userName! };
  }
  return r;
}

function move(kind: keyof typeof PATHS): PageAction {
  return async (ctx: ActionContext) => {
    const gameId = (ctx.fields.gameId ?? '').trim();
    const amount = (ctx.fields.amount ?? '').trim();
    let userName = (ctx.fields.username ?? '').trim();
    // Without script the read-only user name cannot follow the chosen game: the server fills in the player's own.
    if (!userName && gameId) {
      const d = await ctx.send('GET', `/game/user-Game-Detail/${encodeURIComponent(gameId)}`);
      userName = String(d.json?.userDetail?.gameCredentialId?.userName ?? '');
    }
    // The amount is read as the island reads it (`$5`, `1,000.50`); a refusal says why, and nothing is sent.
    const errors = checkGameMoveTyped({ gameId, userName, amount });
    if (errors.amount) return renamed({ status: 400, form: { action: kind, values: { gameId, username: userName, amount }, errors } });
    const dollars = (readAmount(amount) as { dollars: number }).dollars;
    const a = await ctx.send('POST', PATHS[kind], { gameId, userName, amount: dollars }, { idempotencyKey: ctx.fields._key || undefined });
    // The result shows in the form's own section (where the fragment scrolls): what moved, then both balances.
    return renamed(answerToResult(a, { action: kind, values: { gameId, username: userName, amount } }, (json) => ({
      redirect: `/home#${kind}`,
      flash: { kind: 'success', message: moveResultText(json), at: kind },
    })));
  };
}

/** The API's sentence, then the wallet's and the game's balances after the move (for the no-script result). */
function moveResultText(json: Record<string, any>): string {
  const parts = [String(json.message)];
  const wallet = dollarsToCents(json.walletAmount);
  if (wallet !== null) parts.push(m.pages_move_wallet_balance({ amount: formatCents(wallet) }));
  const game = dollarsToCents(json.gameBalance);
  const name = json.order?.gameName;
  if (game !== null && typeof name === 'string') parts.push(m.pages_move_game_balance({ game: name, amount: formatCents(game) }));
  return parts.join(' ');
}

export const homeActions: Record<string, PageAction> = {
  transfer: move('transfer'),
  redeem: move('redeem'),
  async reset(ctx: ActionContext) {
    const id = ctx.fields.id ?? '';
    const a = await ctx.send('PUT', `/game/password/request-reset/${encodeURIComponent(id)}`, { requestedPassword: ctx.fields.requestedPassword ?? '', totp: ctx.fields.totp });
    // The password typed is never sent back into the page.
    return answerToResult(a, { action: 'reset', values: { id } }, (json) => ({ redirect: '/home#game-accounts', flash: { kind: 'success', message: String(json.message) } }));
  },
  /** Two-step on: a game password is shown for a code, in the page this post renders (never stored in a flash). */
  async reveal(ctx: ActionContext) {
    const id = ctx.fields.id ?? '';
    const a = await ctx.send('POST', `/game/credential/${encodeURIComponent(id)}/show`, { totp: ctx.fields.totp });
    if (a.json?.success === true && typeof a.json.password === 'string') return { status: 200, form: { action: 'reveal', values: { id, password: a.json.password }, errors: {} } };
    return answerToResult(a, { action: 'reveal', values: { id } }, () => ({ redirect: '/home#game-accounts' }));
  },
  ...withdrawActions,
};

/** A fresh key per rendered form: a double submit of the same form moves credits once. */
export const formKey = () => Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('hex');
