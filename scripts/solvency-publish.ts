// npm run solvency:publish -- ARGS: the same command as the binary's `coinreel solvency publish ARGS` (src/cli; --help lists the ARGS).
import { runCommand } from '../src/cli/commands';

process.exit(await runCommand('solvency publish', Bun.argv.slice(2)));
