// npm run restore -- ARGS: the same command as the binary's `coinreel restore ARGS` (src/cli; --help lists the ARGS).
import { runCommand } from '../src/cli/commands';

process.exit(await runCommand('restore', Bun.argv.slice(2)));
