// The operator commands of `coinreel <command>` (and of `npm run <script>` in a checkout, which call the same
// modules). One row a command: its name as typed after `coinreel`, what it does, and where it lives. The modules
// load only when their command runs, so serving the site loads none of them.
import { ConfigError, DEFAULT_DATABASE_URL } from '../config';
import { redactMessage } from '../lib/redact';
import { commandDatabaseLine } from '../startup-errors';
import { VERSION_LINE } from '../version';
import { type Command, UsageError } from './command';
import { MissingDatabaseError } from './existing-database';

type Entry = { summary: string; load: () => Promise<Command> };

export const COMMANDS: Record<string, Entry> = {
  'admin create': { summary: 'make an operator, or promote an account', load: async () => (await import('./admin-create')).command },
  'freeplay create': { summary: 'issue freeplay codes', load: async () => (await import('./freeplay-create')).command },
  withdrawals: { summary: 'list, approve or reject withdrawals', load: async () => (await import('./withdrawals')).command },
  'games tasks': { summary: 'the manual game provider\'s task queue', load: async () => (await import('./games-tasks')).command },
  'ledger verify': { summary: 'prove the ledger\'s invariants', load: async () => (await import('./ledger-verify')).command },
  'solvency publish': { summary: 'publish a proof-of-liabilities snapshot now', load: async () => (await import('./solvency-publish')).command },
  'solvency verify': { summary: 'check a snapshot file for one account nonce', load: async () => (await import('./solvency-verify')).command },
  'btcpay setup': { summary: 'check the BTCPay API key and register the webhook', load: async () => (await import('./btcpay-setup')).command },
  backup: { summary: 'write a checked copy of the database', load: async () => (await import('./backup')).command },
  restore: { summary: 'put a backup in place of the database (site stopped)', load: async () => (await import('./restore')).command },
  doctor: { summary: 'check settings, database, ledger and outside systems', load: async () => (await import('./doctor')).command },
  migrate: { summary: 'apply pending database migrations (--dry-run lists them)', load: async () => (await import('./migrate')).command },
  healthcheck: { summary: 'ask the running site\'s /healthz (exit 0 healthy, 1 not)', load: async () => (await import('./healthcheck')).command },
};

export const MAIN_USAGE = [
  `${VERSION_LINE}: the Coinreel player wallet`,
  '',
  'usage: coinreel [--env-file FILE]                 serve the site (configured by the environment; README, Configuration)',
  '       coinreel [--env-file FILE] COMMAND [ARGS]  run an operator command',
  '       coinreel --version | --help',
  '',
  'commands:',
  ...Object.entries(COMMANDS).map(([name, e]) => `  ${name.padEnd(16)} ${e.summary}`),
  '',
  'Each command takes --help. --env-file FILE reads KEY=VALUE lines (the systemd EnvironmentFile); variables',
  'already set in the environment win.',
].join('\n');

/** The command named by the first one or two arguments ("ledger verify", also "ledger:verify"), and the rest. */
export function findCommand(argv: string[]): { name: string; args: string[] } | null {
  const [first = '', second = ''] = argv;
  const joined = first.replace(':', ' ');
  if (COMMANDS[joined]) return { name: joined, args: argv.slice(1) };
  if (COMMANDS[`${first} ${second}`]) return { name: `${first} ${second}`, args: argv.slice(2) };
  return null;
}

/** Runs one command: --help prints its usage; bad input or a bad setting is one line and exit 2; never a stack. */
export async function runCommand(name: string, argv: string[]): Promise<number> {
  const command = await COMMANDS[name]!.load();
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(command.usage);
    return 0;
  }
  try {
    return await command.run(argv);
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`coinreel ${name}: ${e.message} (see coinreel ${name} --help)`);
      return 2;
    }
    if (e instanceof ConfigError || e instanceof MissingDatabaseError) {
      console.error(e.message.replace(/\n\s*/g, ' '));
      return 2;
    }
    // A database file this user cannot open (its mode, its owner) is a fix to name, not a library's error to show.
    const cannotOpen = commandDatabaseLine(name, e, process.env.DATABASE_URL || DEFAULT_DATABASE_URL);
    console.error(cannotOpen ?? `coinreel ${name} failed: ${redactMessage(e instanceof Error ? e.message : String(e))}`);
    return 1;
  }
}

/** A line for an argument that names no command. */
export function unknownCommandLine(word: string): string {
  const started = Object.keys(COMMANDS).filter((name) => name.startsWith(`${word} `));
  if (started.length) return `coinreel: "${word}" needs its second word: ${started.map((n) => `coinreel ${n}`).join(', ')} (see coinreel --help).`;
  return `coinreel: unknown command "${word}". Commands: ${Object.keys(COMMANDS).join(', ')}. With no command it serves the site; see coinreel --help.`;
}
