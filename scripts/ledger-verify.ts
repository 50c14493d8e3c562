// npm run ledger:verify -- ARGS: the same command as the binary's `coinreel ledger verify ARGS` (src/cli; --help lists the ARGS).
import { runCommand } from '../src/cli/commands';

process.exit(await runCommand('ledger verify', Bun.argv.slice(2)));
