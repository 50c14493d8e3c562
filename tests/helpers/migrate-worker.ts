// One instance's start-up as far as the database goes (open, tune, migrate), in its own process, for the
// concurrent-start test: loaded, it says `ready` and waits for a line on stdin, so several workers begin at once.
import { openDatabase, tuneEmbedded } from '../../db/client';
import { migrate } from '../../db/migrate';

const url = Bun.argv[2]!;
console.log('ready');
for await (const _ of console) break;
const { client } = openDatabase(url);
let step = 'tune';
try {
  await tuneEmbedded(client, url);
  step = 'migrate';
  const applied = await migrate(client, { pollMs: 20 });
  console.log(JSON.stringify({ applied }));
} catch (e) {
  // Which step failed, with the error's name and message on one line, for the test's report.
  console.error(`error in ${step}: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`);
  process.exitCode = 1;
} finally {
  client.close();
}
