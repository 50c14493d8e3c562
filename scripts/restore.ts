// bun run restore -- FILE  (the built binary: ./coinreel restore FILE); stop the site first.
import { restoreCommand } from '../src/cli/restore';

process.exit(await restoreCommand(Bun.argv.slice(2)));
