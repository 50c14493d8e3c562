// npm run doctor -- ARGS: the same command as the binary's `coinreel doctor ARGS` (src/cli; --help lists the ARGS).
import { runCommand } from '../src/cli/commands';

process.exit(await runCommand('doctor', Bun.argv.slice(2)));
