// `bun run ledger:verify` against the database a bench server used, beside the live server.
import { join } from 'node:path';
import { root } from './server';

/** True when every check passes; otherwise the script's output is printed so the run shows what broke. */
export async function ledgerVerify(dbUrl: string): Promise<boolean> {
  const p = Bun.spawn([process.execPath, join(root, 'scripts/ledger-verify.ts')], { cwd: root, env: { ...process.env, DATABASE_URL: dbUrl }, stdout: 'pipe', stderr: 'pipe' });
  const out = await new Response(p.stdout).text();
  const ok = (await p.exited) === 0;
  if (!ok) console.log(out + (await new Response(p.stderr).text()));
  return ok;
}
