// A self-hoster follows the README line by line on a machine with only Node.js and npm: every command it shows
// must run as written there, and it must send nobody outside this repository.
import { describe, expect, test } from 'bun:test';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dir, '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const scripts: Record<string, string> = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts;

/** Each command of each shell block: continuation lines joined, comments dropped, `&&` chains split. */
function blockCommands(): string[] {
  const blocks = [...readme.matchAll(/```(?:sh|bash|shell)\n([\s\S]*?)```/g)].map((m) => m[1]!);
  return blocks.flatMap((b) =>
    b.replace(/\\\n\s*/g, ' ').split('\n')
      .map((line) => line.replace(/(^|\s)#.*$/, '').trim())
      .filter(Boolean)
      .flatMap((line) => line.split(/\s*&&\s*/)),
  );
}
/** The program a command runs, after any VAR=value assignments in front of it. */
const program = (command: string) => command.split(/\s+/).find((w) => !/^[A-Z_]+=/.test(w))!;

describe('README', () => {
  const commands = blockCommands();

  test('the quick start is npm start and npm test, both scripts of package.json', () => {
    const quick = readme.slice(readme.indexOf('## Quick start'), readme.indexOf('\n## ', readme.indexOf('## Quick start') + 5));
    expect(quick).toContain('npm start');
    expect(quick).toContain('npm test');
    expect(scripts.start).toBeDefined();
    expect(scripts.test).toBeDefined();
    // They install Bun themselves first: nothing else is needed on the machine.
    expect(scripts.prestart).toBe('node scripts/bootstrap.mjs');
    expect(scripts.pretest).toStartWith('node scripts/bootstrap.mjs');
    expect(scripts.setup).toBe('node scripts/bootstrap.mjs');
  });

  test('every command in a shell block runs with what Node.js, npm and the repository give (no bare bun)', () => {
    expect(commands.length).toBeGreaterThan(15);
    // Bun is not on a fresh machine's PATH: it comes through npm (`npm run …`), never typed by itself.
    const needsBun = (c: string) => ['bun', 'bunx'].includes(program(c)) || program(c).startsWith('node_modules/');
    for (const c of commands) expect({ command: c, needsBun: needsBun(c) }).toEqual({ command: c, needsBun: false });
  });

  test('every `npm run X` (and any `bun run X`) anywhere in it names a script of package.json', () => {
    const named = [...readme.matchAll(/\b(?:npm|bun) run ([\w:.-]+)/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(15);
    for (const name of named) expect({ name, exists: name in scripts }).toEqual({ name, exists: true });
    // Only as a description of what a build image does inside itself; never as a command to type.
    for (const c of blockCommands()) expect(c).not.toMatch(/\bbun run\b/);
  });

  test('it links nothing outside the repository, and every path it links exists', () => {
    expect(readme).not.toContain('../');
    const links = [...readme.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!);
    for (const href of links) {
      expect({ href, external: /^[a-z]+:/i.test(href) || href.startsWith('//') }).toEqual({ href, external: false });
      expect({ href, exists: existsSync(join(root, href.split('#')[0]!)) }).toEqual({ href, exists: true });
    }
    for (const doc of [...readme.matchAll(/`(docs\/[\w./-]+)`/g)].map((m) => m[1]!)) expect({ doc, exists: existsSync(join(root, doc)) }).toEqual({ doc, exists: true });
  });
});
