// npm run freeplay:create -- ARGS: the same command as the binary's `coinreel freeplay create ARGS` (src/cli; --help lists the ARGS).
import { runCommand } from '../src/cli/commands';

process.exit(await runCommand('freeplay create', Bun.argv.slice(2)));
