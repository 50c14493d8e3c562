// npm run backup -- ARGS: the same command as the binary's `coinreel backup ARGS` (src/cli; --help lists the ARGS).
import { runCommand } from '../src/cli/commands';

process.exit(await runCommand('backup', Bun.argv.slice(2)));
