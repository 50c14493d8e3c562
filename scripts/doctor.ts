// bun run doctor  (the built binary: ./coinreel doctor)
import { doctorCommand } from '../src/cli/doctor';

process.exit(await doctorCommand());
