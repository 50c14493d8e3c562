// Makes a verified operator, or promotes an existing account:
//   bun run admin:create -- --email E [--password P]
// Without --password it prints a one-time link (single use, 1 hour) where the operator sets one.
// The built binary runs the same: ./coinreel admin create --email E
import { adminCreate } from '../src/cli/admin-create';

process.exit(await adminCreate(Bun.argv.slice(2)));
