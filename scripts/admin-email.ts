// npm run admin:email -- OLD NEW: the same command as the binary's `coinreel admin email OLD NEW` (src/cli; --help lists the options).
import { runCommand } from '../src/cli/commands';

process.exit(await runCommand('admin email', Bun.argv.slice(2)));
