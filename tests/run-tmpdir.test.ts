import { describe, expect, test } from 'bun:test';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { removeStaleRuns } from './helpers/run-tmpdir';

const helper = resolve(import.meta.dir, 'helpers/run-tmpdir.ts');

/** Runs `check` in a folder outside this run's own, as a fresh shell would see /tmp, and removes it after. */
function inFreshBase(check: (base: string) => void): void {
  const outside = basename(tmpdir()).startsWith('coinreel-run-') ? dirname(tmpdir()) : tmpdir();
  const base = mkdtempSync(join(outside, 'coinreel-runs-test-'));
  try {
    check(base);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

/** Runs a Bun process that takes a run folder under `base`, makes a temp folder there and prints both. */
function child(base: string, script = '') {
  const code = `import { useRunTmpdir } from ${JSON.stringify(helper)}; import { mkdtempSync, writeFileSync } from 'node:fs'; import { tmpdir } from 'node:os'; import { join } from 'node:path';
    const run = useRunTmpdir().dir; const made = mkdtempSync(join(tmpdir(), 'coinreel-test-')); writeFileSync(join(made, 'test.db'), 'x');
    console.log(JSON.stringify({ run, made, env: process.env.TMPDIR })); ${script}`;
  const p = Bun.spawnSync([process.execPath, '-e', code], { env: { ...process.env, TMPDIR: base } });
  return { exitCode: p.exitCode, out: JSON.parse(p.stdout.toString().trim().split('\n')[0] || 'null') as { run: string; made: string; env: string } | null };
}

describe('the test run temp folder', () => {
  test("a run's temp folders go under its own folder, which is gone when it exits", () => inFreshBase((base) => {
    const { exitCode, out } = child(base);
    expect(exitCode).toBe(0);
    expect(dirname(out!.run)).toBe(base);
    expect(basename(out!.run)).toStartWith(`coinreel-run-`);
    expect(dirname(out!.made)).toBe(out!.run);
    expect(out!.env).toBe(out!.run);
    expect(existsSync(out!.run)).toBe(false);
    expect(readdirSync(base)).toEqual([]);
  }));

  test('a run that was killed leaves its folder, and the next run removes it', () => inFreshBase((base) => {
    const killed = child(base, "process.kill(process.pid, 'SIGKILL');");
    expect(killed.exitCode).not.toBe(0);
    expect(existsSync(killed.out!.made)).toBe(true);
    const next = child(base);
    expect(next.exitCode).toBe(0);
    expect(existsSync(killed.out!.run)).toBe(false);
    expect(readdirSync(base)).toEqual([]);
  }));

  test("a live process's run folder and other folders are left alone", () => inFreshBase((base) => {
    const mine = join(base, `coinreel-run-${process.pid}-abc`);
    const other = join(base, 'coinreel-test-keep');
    const dead = join(base, 'coinreel-run-2147483646-xyz');
    for (const d of [mine, other, dead]) mkdirSync(d);
    writeFileSync(join(dead, 'test.db'), 'x');
    expect(removeStaleRuns(base)).toEqual(['coinreel-run-2147483646-xyz']);
    expect(readdirSync(base).sort()).toEqual([basename(mine), 'coinreel-test-keep'].sort());
  }));

  test('a process already inside a run folder keeps it', () => inFreshBase((base) => {
    const run = mkdtempSync(join(base, `coinreel-run-${process.pid}-`));
    const { out } = child(run);
    expect(out!.run).toBe(run);
    expect(existsSync(run)).toBe(true);
  }));
});
