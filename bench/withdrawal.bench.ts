// Withdrawals: requests/s and p99 of POST /api/v1/withdraw/withdraw-request at 50 connections, the server pinned to
// one core (ratio.sh), each request a new withdrawal held, recorded, screened and paid out, then ledger:verify.
// Run alone: bun bench/withdrawal.bench.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { ledgerVerify } from './lib/ledger-verify';
import { seedPlayers } from './lib/players';
import { commands, pct, section } from './lib/report';
import { root, startServer } from './lib/server';
import { smtpSinkUrl } from './lib/smtp-sink';
import type { Cell } from './lib/table';
import { ratio, requireYardstick } from './lib/yardstick';
import { useRunTmpdir } from '../tests/helpers/run-tmpdir';

requireYardstick();
useRunTmpdir();

const SECRET = 'bench-withdrawal-secret-bench-withdrawal';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DEPOSITED_CENTS = 100_000_000;

// The sandbox payment provider, whose payouts complete by themselves (at once here), so a withdrawal ends as fast as
// it starts and the player's open withdrawals never reach their limit: outside production, since production has no
// sandbox payouts. Identity and tax checks off (they refuse a player with none); every other setting the product's.
const env = async (dir: string): Promise<Record<string, string>> => ({
  NODE_ENV: 'development', JWT_SECRET: SECRET, DATABASE_URL: `file:${join(dir, 'coinreel.db')}`, DATA_DIR: dir, SMTP_URL: await smtpSinkUrl(),
  SANDBOX_PAYOUT_DELAY_S: '0', WITHDRAWAL_MAX_OPEN: '100', WITHDRAWAL_DAILY_MAX_DOLLARS: '1000000000', IDENTITY_REQUIRED_FOR: 'none',
  TAX_DETAILS_THRESHOLD_DOLLARS: '1000000000', LOG_LEVEL: 'silent',
});

const dir = mkdtempSync(join(tmpdir(), 'coinreel-bench-withdrawal-'));
const e = await env(dir);
const app = await startServer([process.execPath, join(root, 'src/main.ts')], { cwd: root, env: e });
const cmds: string[] = [];
let row: Cell[];
try {
  const [player] = await seedPlayers(e.DATABASE_URL!, SECRET, 1, DEPOSITED_CENTS);
  const auth = { authorization: `Bearer ${player!.token}`, 'content-type': 'application/json' };
  // A quarter of the deposit goes to a game first, as a player who plays does: a withdrawal then pays out (one with
  // less play is held for review, which would measure a withdrawal that never reaches the payment provider).
  const list = await (await fetch(app.base + '/api/v1/games/list', { headers: auth })).json() as { userGames: { gameId: { _id: string }; gameCredentialId: { userName: string } | null }[] };
  const account = list.userGames.find((g) => g.gameCredentialId?.userName)!;
  for (const amount of [100_000, 100_000, 50_000]) {
    const r = await fetch(app.base + '/api/v1/transfer/transfer-data-request', { method: 'POST', headers: auth, body: JSON.stringify({ gameId: account.gameId._id, userName: account.gameCredentialId!.userName, amount }) });
    if (r.status !== 200) throw new Error(`transfer to the game answered ${r.status}: ${await r.text()}`);
  }
  const body = JSON.stringify({ currency: 'BTC-LN', wallet_address: 'bench@wallet.example.com', amount: 1 });
  const r = await ratio(app.base + '/api/v1/withdraw/withdraw-request', { rounds: ROUNDS, headers: { Authorization: `Bearer ${player!.token}` }, data: body });
  cmds.push(r.command);
  // Let the last payouts complete before the ledger is proved.
  await Bun.sleep(2000);
  const verified = await ledgerVerify(e.DATABASE_URL!);
  const db = createClient({ url: e.DATABASE_URL! });
  const by = Object.fromEntries((await db.execute('SELECT status, count(*) AS n FROM withdrawals GROUP BY status')).rows.map((x) => [String(x.status), Number(x.n)]));
  db.close();
  const made = Object.values(by).reduce((a, b) => a + b, 0);
  row = ['withdrawal request (Lightning address, $1)', Math.round(r.target.rps), `${r.target.p50Ms} ms`, `${r.target.p99Ms} ms`, pct(r.ratio),
    `${made.toLocaleString('en-US')} (${(by.completed ?? 0).toLocaleString('en-US')} completed)`, verified ? 'clean' : 'FAILED', r.rounds + (r.reliable ? '' : ', UNRELIABLE')];
} finally {
  await app.stop();
  rmSync(dir, { recursive: true, force: true });
}
section('Withdrawals (POST /api/v1/withdraw/withdraw-request, ratio.sh, 50 connections, server pinned to one core; synchronous=FULL)',
  ['call', 'withdrawals/s', 'p50', 'p99', 'of bare req/s', 'withdrawals made', 'ledger:verify', 'rounds'], [row!],
  ['Each request is a new $1 withdrawal to a Lightning address by one player who deposited $1,000,000 and played a quarter of it: held on the wallet with its row in one transaction, screened, its payout created at the sandbox provider, which completes it at once (the hold is posted). Outside production (the sandbox payouts exist only there), mail to a discarding SMTP server; no target is set, the figure is kept so a change that slows withdrawals shows.']);
commands(cmds);
