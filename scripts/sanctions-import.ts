// npm run sanctions:import -- FILE: the same command as the binary's `coinreel sanctions import FILE` (src/cli).
import { runCommand } from '../src/cli/commands';

process.exit(await runCommand('sanctions import', Bun.argv.slice(2)));
