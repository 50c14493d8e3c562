// npm run withdrawals -- ARGS: the same command as the binary's `coinreel withdrawals ARGS` (src/cli; --help lists the ARGS).
import { runCommand } from '../src/cli/commands';

process.exit(await runCommand('withdrawals', Bun.argv.slice(2)));
