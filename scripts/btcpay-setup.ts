// npm run btcpay:setup -- ARGS: the same command as the binary's `coinreel btcpay setup ARGS` (src/cli; --help lists the ARGS).
import { runCommand } from '../src/cli/commands';

process.exit(await runCommand('btcpay setup', Bun.argv.slice(2)));
