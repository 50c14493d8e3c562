// `bun run doctor` and the binary's `coinreel doctor`: checks the site's setting, database, ledger and outside
// systems, and exits non-zero when anything is wrong (usable from monitoring or a deploy script).
import { formatDoctor, runDoctor } from '../services/ops/doctor';

export async function doctorCommand(env: Record<string, string | undefined> = process.env): Promise<number> {
  const results = await runDoctor(env);
  console.log(formatDoctor(results));
  return results.some((r) => r.status === 'problem') ? 1 : 0;
}
