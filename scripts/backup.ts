// bun run backup -- FILE  (the built binary: ./coinreel backup FILE)
import { backupCommand } from '../src/cli/backup';

process.exit(await backupCommand(Bun.argv.slice(2)));
