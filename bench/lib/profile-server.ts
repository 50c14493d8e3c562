// Runs the app on PORT for SECONDS and exits, so `bun --cpu-prof bench/lib/profile-server.ts` writes a profile
// of exactly the load a benchmark drives meanwhile (docs/decisions/signed-in-reads.md).
import { loadConfig } from '../../src/config';
import { buildDeps } from '../../src/deps';
import { createApp } from '../../src/app';
import { serveApp } from '../../src/serve';

const seconds = Number(process.env.SECONDS_TO_RUN ?? 10);
const deps = await buildDeps(loadConfig());
const server = serveApp(createApp(deps), { port: Number(process.env.PORT ?? 3000), hostname: '127.0.0.1' });
console.log(`port=${server.port}`);
setTimeout(() => process.exit(0), seconds * 1000);
