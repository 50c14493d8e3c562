// Shared by the money-laundering watch's tests: money in as a settled deposit, play, withdrawals, an operator's calls,
// and what the BTCPay double was asked to pay.
import type { BtcpayDouble } from '../doubles/btcpay';
import { call, type TestApp } from './app';
import { gameAccounts, moveTo } from './games';
import type { TestPlayer } from './players';

/** Moves dollars from the wallet to the player's Ultra Panda account through the API (play, to the rules). */
export async function play(app: TestApp, p: TestPlayer, dollars: number) {
  const a = await gameAccounts(app, p);
  const r = await moveTo(app, p, { gameId: 'ultra-panda', userName: a['ultra-panda'].gameCredentialId.userName, amount: dollars });
  if (r.status !== 200) throw new Error(`transfer to the game answered ${r.status}: ${r.text}`);
}

export const withdraw = (app: TestApp, p: TestPlayer, body: Record<string, unknown>, headers?: Record<string, string>) =>
  call(app, 'POST', '/api/v1/withdraw/withdraw-request', body, { token: p.token, headers });

export const withdrawal = async (app: TestApp, p: TestPlayer, id: string) => (await call(app, 'GET', `/api/v1/withdraw/${id}`, undefined, { token: p.token })).json.data;

export const admin = (app: TestApp, op: TestPlayer, method: string, path: string, body?: unknown) => call(app, method, `/api/v1/admin${path}`, body, { token: op.token });

/** Payouts BTCPay was asked to create, and to approve, so far. */
export const payoutCreates = (d: BtcpayDouble) => d.requests.filter((r) => r.method === 'POST' && /\/payouts$/.test(r.path)).length;
export const payoutApprovals = (d: BtcpayDouble) => d.requests.filter((r) => r.method === 'POST' && /\/payouts\/[^/]+$/.test(r.path)).length;

/** The player's history rows of withdrawals, newest first. */
export const withdrawHistory = async (app: TestApp, p: TestPlayer) =>
  (await call(app, 'GET', '/api/v1/transaction/transaction-List/WITHDRAW', undefined, { token: p.token })).json.TransactionList as Record<string, any>[];

export const casesOf = async (app: TestApp, userId: string) =>
  (await app.deps.database.client.execute({ sql: 'SELECT * FROM compliance_cases WHERE user_id = ? ORDER BY opened_at', args: [userId] })).rows;
