// npm run migrate -- ARGS: the same command as the binary's `coinreel migrate ARGS` (src/cli; --help lists the ARGS).
import { runCommand } from '../src/cli/commands';

process.exit(await runCommand('migrate', Bun.argv.slice(2)));
