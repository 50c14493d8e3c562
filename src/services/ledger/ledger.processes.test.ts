import { describe, expect, test } from 'bun:test';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ledgerDb } from '../../../tests/helpers/ledger-db';
import { createLedger } from './ledger';
import { verifyLedger } from './ledger-verify';
import { systemId, walletId } from './ledger.types';

type WorkerOut = { refs: Record<string, { id: string; replayed: boolean }>; moved: number; refused: number };
const WORKER = join(import.meta.dir, '../../../tests/helpers/ledger-worker.ts');

describe('two processes on one database file', () => {
  test('racing on the same external refs and wallets: each ref moves money once, both see the same transfer', async () => {
    const { client, url, dir } = await ledgerDb();
    const ledger = createLedger(client);
    const WALLETS = 6;
    const REFS = 400;
    for (let i = 0; i < WALLETS; i++) await ledger.transfer({ debit: systemId('bitcoin_deposits'), credit: walletId(`w${i}`), amountCents: 300, code: 'DEPOSIT' });

    const run = (seed: number) => Bun.spawn([process.execPath, WORKER, url, String(REFS), String(WALLETS), String(seed), dir], { stdout: 'pipe', stderr: 'pipe' });
    const procs = [run(31), run(59)];
    while (!existsSync(join(dir, 'ready-31')) || !existsSync(join(dir, 'ready-59'))) await Bun.sleep(5);
    writeFileSync(join(dir, 'go'), '');
    const outs = await Promise.all(
      procs.map(async (p) => {
        const [code, out, err] = await Promise.all([p.exited, new Response(p.stdout).text(), new Response(p.stderr).text()]);
        expect({ code, err: err.slice(0, 500) }).toEqual({ code: 0, err: '' });
        return JSON.parse(out) as WorkerOut;
      }),
    );

    // Both processes really wrote: each won some refs and replayed others.
    for (const o of outs) expect(new Set(Object.values(o.refs).map((a) => a.replayed))).toEqual(new Set([true, false]));
    let firsts = 0;
    for (let n = 0; n < REFS; n++) {
      const answers = outs.map((o) => o.refs[`race-${n}`]).filter((a) => a !== undefined);
      if (new Set(answers.map((a) => a.id)).size > 1) throw new Error(`race-${n} answered with two different transfers`);
      const fresh = answers.filter((a) => !a.replayed).length;
      expect(fresh).toBeLessThanOrEqual(1);
      firsts += fresh;
    }
    const stored = (await client.execute("SELECT count(*) AS n, coalesce(sum(amount_cents), 0) AS s FROM transfers WHERE code = 'RACE'")).rows[0]!;
    expect([Number(stored.n), Number(stored.s)]).toEqual([firsts, outs[0]!.moved + outs[1]!.moved]);
    expect(firsts).toBeGreaterThan(REFS / 2);
    const report = await verifyLedger(client);
    expect(report.checks.filter((c) => !c.ok)).toEqual([]);
    client.close();
  });
});
