// The product exactly as src/main.ts starts it, except that each ledger movement commits on its own: the
// "without grouping" side of the group-commit figures (docs/decisions/group-commit.md).
import { loadConfig } from '../../src/config';
import { buildDeps } from '../../src/deps';
import { createApp } from '../../src/app';
import { serveApp } from '../../src/serve';
import { createLedger } from '../../src/services/ledger/ledger';

const config = loadConfig();
const deps = await buildDeps(config);
deps.ledger = createLedger(deps.database.client, { grouping: false });
serveApp(createApp(deps), { port: config.PORT });
