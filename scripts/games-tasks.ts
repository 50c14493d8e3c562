// npm run games:tasks -- ARGS: the same command as the binary's `coinreel games tasks ARGS` (src/cli; --help lists the ARGS).
import { runCommand } from '../src/cli/commands';

process.exit(await runCommand('games tasks', Bun.argv.slice(2)));
