// `coinreel --env-file FILE`: the same file systemd's EnvironmentFile= reads and a shell can source
// (`set -a; . FILE; set +a`), so one file configures the service, the commands and a shell alike.
import { readFileSync } from 'node:fs';

export class EnvFileError extends Error {}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * KEY=VALUE lines; blank lines and lines starting with # are skipped; `export ` before a line is allowed.
 * A value is taken as written, or inside 'single quotes' (literal) or "double quotes" (with \" and \\). Whatever a
 * shell and systemd would read differently (an unquoted space, <, >, |, &, ;, $; a $ inside double quotes) is
 * refused with the line number, rather than read one way here and another way there. Values never appear in errors.
 */
export function parseEnvFile(text: string, file = 'the env file'): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line || line.startsWith('#')) continue;
    const where = `${file}:${i + 1}`;
    const body = line.startsWith('export ') ? line.slice(7).trimStart() : line;
    const eq = body.indexOf('=');
    const key = eq > 0 ? body.slice(0, eq) : '';
    if (!NAME.test(key)) throw new EnvFileError(`${where}: expected NAME=value (a letter or _ first, then letters, digits, _)`);
    out[key] = valueOf(body.slice(eq + 1), where, key);
  }
  return out;
}

function valueOf(raw: string, where: string, key: string): string {
  const quote = raw[0];
  if (quote === '"' || quote === "'") {
    let value = '';
    let i = 1;
    for (; i < raw.length && raw[i] !== quote; i++) {
      if (quote === '"' && raw[i] === '\\' && i + 1 < raw.length) {
        const next = raw[++i]!;
        value += '"\\$`'.includes(next) ? next : `\\${next}`;
      } else if (quote === '"' && (raw[i] === '$' || raw[i] === '`')) {
        // A shell would expand it and systemd would not: single quotes mean the same to both.
        throw new EnvFileError(`${where}: ${key}'s value holds ${raw[i]} inside double quotes: use single quotes, e.g. ${key}='…'`);
      } else value += raw[i];
    }
    if (i >= raw.length) throw new EnvFileError(`${where}: ${key}'s value has no closing ${quote}`);
    const rest = raw.slice(i + 1).trim();
    if (rest && !rest.startsWith('#')) throw new EnvFileError(`${where}: ${key} has text after its closing quote`);
    return value;
  }
  if (/[\s<>|&;()"'`$\\]/.test(raw))
    throw new EnvFileError(`${where}: ${key}'s value holds spaces or shell characters: put it in single quotes, e.g. ${key}='…'`);
  return raw;
}

/**
 * Reads FILE into `env`. Variables already set in the environment win, as with Node's --env-file, so
 * `PORT=3001 coinreel --env-file FILE` overrides one setting for one run.
 */
export function loadEnvFile(file: string, env: Record<string, string | undefined> = process.env): void {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as { code?: string }).code;
    throw new EnvFileError(`Cannot read the env file ${file}${code ? ` (${code})` : ''}: check the path given to --env-file and that this user may read it.`);
  }
  for (const [k, v] of Object.entries(parseEnvFile(text, file))) if (env[k] === undefined) env[k] = v;
}

/** Takes `--env-file FILE` / `--env-file=FILE` out of the arguments, wherever they stand; the files named, in order. */
export function takeEnvFileOptions(argv: string[]): { files: string[]; rest: string[] } {
  const files: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--env-file') {
      const f = argv[++i];
      if (!f || f.startsWith('-')) throw new EnvFileError('--env-file needs a file, e.g. --env-file /etc/coinreel/coinreel.env');
      files.push(f);
    } else if (a.startsWith('--env-file=')) files.push(a.slice('--env-file='.length));
    else rest.push(a);
  }
  return { files, rest };
}
