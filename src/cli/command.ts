// What every operator command is: its usage text and a function from arguments to an exit code.
import { parseArgs, type ParseArgsConfig } from 'node:util';

export type Command = {
  /** Printed by `--help` (exit 0) and pointed to on bad input. */
  usage: string;
  /** Exit code: 0 done, 1 it ran and found something wrong (or failed), 2 bad input or no database. */
  run: (argv: string[]) => Promise<number>;
};

/** Bad input: the dispatcher prints the message as one line and exits 2. */
export class UsageError extends Error {}

/** node:util's parseArgs, with its complaints (unknown option, missing value) turned into a UsageError. */
export function parseOptions<T extends ParseArgsConfig['options']>(argv: string[], options: T, allowPositionals = false) {
  try {
    return parseArgs({ args: argv.filter((a) => a !== '--'), options, allowPositionals, strict: true });
  } catch (e) {
    const code = (e as { code?: string }).code ?? '';
    if (!code.startsWith('ERR_PARSE_ARGS')) throw e;
    // Its messages end with a hint about `--` that does not apply here; the first sentence is the point.
    throw new UsageError((e as Error).message.split('. ')[0]!.replace(/\.$/, ''));
  }
}
