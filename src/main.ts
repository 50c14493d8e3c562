// The one entry point, in the checkout (`bun src/main.ts`) and in the binary (`coinreel`): with no command it
// serves the site; `coinreel COMMAND …` runs an operator command (src/cli/commands.ts lists them); --version and
// --help print and exit. `--env-file FILE` reads settings from the file systemd's EnvironmentFile= reads.
import { findCommand, MAIN_USAGE, runCommand, unknownCommandLine } from './cli/commands';
import { EnvFileError, loadEnvFile, takeEnvFileOptions } from './cli/env-file';
import { VERSION_LINE } from './version';

let args: string[];
try {
  const { files, rest } = takeEnvFileOptions(Bun.argv.slice(2));
  for (const file of files) loadEnvFile(file);
  args = rest;
} catch (e) {
  if (!(e instanceof EnvFileError)) throw e;
  console.error(e.message);
  process.exit(2);
}

const [first] = args;
if (first === '--version' || first === '-v' || first === 'version') {
  console.log(VERSION_LINE);
  process.exit(0);
}
if (first === '--help' || first === '-h' || first === 'help') {
  console.log(MAIN_USAGE);
  process.exit(0);
}
if (first !== undefined) {
  const found = findCommand(args);
  if (!found) {
    console.error(first.startsWith('-') ? `coinreel: unknown option ${first}: see coinreel --help` : unknownCommandLine(first));
    process.exit(2);
  }
  process.exit(await runCommand(found.name, found.args));
}

await (await import('./run-server')).runServer();
