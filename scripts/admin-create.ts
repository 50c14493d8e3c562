// npm run admin:create -- ARGS: the same command as the binary's `coinreel admin create ARGS` (src/cli; --help lists the ARGS).
import { runCommand } from '../src/cli/commands';

process.exit(await runCommand('admin create', Bun.argv.slice(2)));
