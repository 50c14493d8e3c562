// One side of the withdrawal races between two processes: opens the app's database file and a real BTCPay client on
// the test's BTCPay double, then for each round waits for the parent's go (a withdrawal id and a start time shared by
// both processes) and does its one thing: an operator's reject, reconciliation's payout submission, or an approval.
// What it was answered goes to done-<round>-<role>, for the parent to judge.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, tuneEmbedded } from '../../db/client';
import { AppError } from '../../src/lib/app-error';
import { createLogger } from '../../src/lib/logger';
import { createLedger } from '../../src/services/ledger/ledger';
import { createBtcpayProvider } from '../../src/services/payments/btcpay/btcpay.provider';
import { createWithdrawalService } from '../../src/services/payments/withdrawal-service';

export type RaceRole = 'reject' | 'submit' | 'approve';
export type RaceGo = { id: string; at: number; delays: Partial<Record<RaceRole, number>> };
export type RaceAnswer = { ok: true; failed?: number } | { ok: false; status: number; message: string };

const [url, btcpayJson, role, flags, roundsArg] = process.argv.slice(2) as [string, string, RaceRole, string, string];
const btcpay = JSON.parse(btcpayJson) as { url: string; apiKey: string; storeId: string; webhookSecret: string };
const { client } = openDatabase(url);
await tuneEmbedded(client, url);
const withdrawals = createWithdrawalService({
  client, ledger: createLedger(client), provider: createBtcpayProvider({ ...btcpay, timeoutMs: 5000 }), logger: createLogger(true), network: 'regtest',
  limits: { dailyMaxCents: 1e9, maxOpen: 100, autoApproveCents: 0 }, retryMs: 3_600_000, onChanges: () => {},
});

async function act(id: string): Promise<RaceAnswer> {
  try {
    if (role === 'reject') await withdrawals.reject(id, 'Raced');
    else if (role === 'approve') await withdrawals.approve(id);
    else return { ok: true, failed: (await withdrawals.reconcileOnce()).failed };
    return { ok: true };
  } catch (e) {
    if (e instanceof AppError) return { ok: false, status: e.status, message: e.message };
    throw e;
  }
}

writeFileSync(join(flags, `ready-${role}`), '');
for (let round = 0; round < Number(roundsArg); round++) {
  const go = join(flags, `go-${round}`);
  while (!existsSync(go)) {
    // The test that started this worker is gone (it failed, or was stopped): nothing will ever say go.
    if (process.ppid === 1 || !existsSync(flags)) process.exit(3);
    await Bun.sleep(1);
  }
  const { id, at, delays } = JSON.parse(readFileSync(go, 'utf8')) as RaceGo;
  // Both processes start at the same wall-clock instant (plus this round's offset): sleep most of the way, then spin.
  const start = at + (delays[role] ?? 0);
  if (start - Date.now() > 3) await Bun.sleep(start - Date.now() - 3);
  while (Date.now() < start);
  const answer = await act(id);
  // Written whole, then renamed: the parent never reads half an answer.
  writeFileSync(join(flags, `.done-${round}-${role}`), JSON.stringify(answer));
  renameSync(join(flags, `.done-${round}-${role}`), join(flags, `done-${round}-${role}`));
}
client.close();
