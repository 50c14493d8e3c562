// `coinreel doctor` (and `npm run doctor`): checks the site's settings, database, ledger and outside systems, and
// exits 1 when anything is wrong (usable from monitoring or a deploy script).
import { formatDoctor, runDoctor } from '../services/ops/doctor';
import { type Command, parseOptions } from './command';

const usage = `usage: coinreel doctor

Checks, reading only: the configuration (as start-up reads it, plus what production needs), the database and its
migrations, the ledger, and BTCPay Server, SMTP and Redis when configured. Prints ok, skipped or PROBLEM with the
fix for each; exits 1 when there is a problem. Run it with the site's environment (e.g. coinreel --env-file
/etc/coinreel/coinreel.env doctor). From a checkout: npm run doctor`;

export async function doctorCommand(argv: string[] = [], env: Record<string, string | undefined> = process.env): Promise<number> {
  parseOptions(argv, {});
  const results = await runDoctor(env);
  console.log(formatDoctor(results));
  return results.some((r) => r.status === 'problem') ? 1 : 0;
}

export const command: Command = { usage, run: (argv) => doctorCommand(argv) };
