import { describe, expect, test } from 'bun:test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadConfig } from '../config';
import { EnvFileError, loadEnvFile, parseEnvFile, takeEnvFileOptions } from './env-file';

const example = resolve(import.meta.dir, '../../deploy/coinreel.env.example');

/** What a POSIX shell makes of the file: `set -a; . FILE`, then the environment it exports. */
function sourcedByShell(file: string): Record<string, string> {
  const p = Bun.spawnSync(['/bin/sh', '-c', 'set -a; . "$1"; env -0', 'sh', file], { env: {} });
  expect(p.stderr.toString()).toBe('');
  return Object.fromEntries(p.stdout.toString().split('\0').filter(Boolean).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
}

const refusal = (text: string) => {
  try {
    parseEnvFile(text, 'f.env');
  } catch (e) {
    expect(e).toBeInstanceOf(EnvFileError);
    return (e as Error).message;
  }
  throw new Error('accepted');
};

describe('the env file', () => {
  test('deploy/coinreel.env.example means the same to a shell as to the binary (and so to systemd)', async () => {
    const ours = parseEnvFile(await Bun.file(example).text(), example);
    const shell = sourcedByShell(example);
    for (const [k, v] of Object.entries(ours)) expect({ [k]: shell[k] }).toEqual({ [k]: v });
    expect(ours.MAIL_FROM).toBe('Coinreel <no-reply@wallet.example.com>');
    // With its secrets filled in, the site starts on it.
    const c = loadConfig({ ...ours, JWT_SECRET: 'j'.repeat(64), CREDENTIAL_KEY: 'c'.repeat(64), DOCUMENT_KEY: 'd'.repeat(64), BTCPAY_API_KEY: 'k', BTCPAY_STORE_ID: 's', BTCPAY_WEBHOOK_SECRET: 'w' });
    expect(c).toMatchObject({ isProduction: true, MAIL_FROM: 'Coinreel <no-reply@wallet.example.com>', BITCOIN_NETWORK: 'mainnet', GAME_PROVIDER: 'manual', SHUTDOWN_TIMEOUT_S: 30 });
    // The unit gives the stop longer than the process allows itself (the limit, plus the backstop's second).
    const unit = await Bun.file(resolve(import.meta.dir, '../../deploy/coinreel.service')).text();
    const stopSec = Number(unit.match(/^TimeoutStopSec=(\d+)$/m)![1]);
    expect(stopSec).toBeGreaterThan(c.SHUTDOWN_TIMEOUT_S + 1);
    expect(stopSec).toBeGreaterThan(loadConfig({}).SHUTDOWN_TIMEOUT_S + 1);
    expect(unit).toContain('EnvironmentFile=/etc/coinreel/coinreel.env');
  });

  test('quotes, comments, export and escapes, as a shell reads them', () => {
    const text = [
      '# comment', '', 'export A=plain', `B='single $not <expanded>'`, 'C="double \\"quoted\\" \\\\ <x>"', 'D=', '  E=trimmed  ',
      'F="with # hash" # a comment after', 'G=a=b=c',
    ].join('\n');
    const ours = parseEnvFile(text);
    expect(ours).toEqual({ A: 'plain', B: 'single $not <expanded>', C: 'double "quoted" \\ <x>', D: '', E: 'trimmed', F: 'with # hash', G: 'a=b=c' });
    const dir = mkdtempSync(join(tmpdir(), 'coinreel-env-'));
    writeFileSync(join(dir, 'x.env'), text);
    expect(sourcedByShell(join(dir, 'x.env'))).toMatchObject(ours);
  });

  test('what a shell and systemd would read differently is refused with the line, never showing the value', () => {
    expect(refusal('OK=1\nMAIL_FROM=Site <s3cret@x.com>')).toBe("f.env:2: MAIL_FROM's value holds spaces or shell characters: put it in single quotes, e.g. MAIL_FROM='…'");
    expect(refusal('P=pa$$word')).toStartWith('f.env:1: P\'s value holds spaces or shell characters');
    expect(refusal('P="pa$word"')).toBe("f.env:1: P's value holds $ inside double quotes: use single quotes, e.g. P='…'");
    expect(refusal('P="unterminated')).toBe("f.env:1: P's value has no closing \"");
    expect(refusal("P='a' b")).toBe('f.env:1: P has text after its closing quote');
    expect(refusal('1BAD=x')).toStartWith('f.env:1: expected NAME=value');
    // systemd skips it, a shell stops at it.
    expect(refusal('; comment')).toStartWith('f.env:1: expected NAME=value');
    expect(refusal('JWT SECRET=s3cret')).not.toContain('s3cret');
  });

  test('the environment wins over the file; an unreadable file is one line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'coinreel-env-'));
    writeFileSync(join(dir, 'a.env'), 'PORT=3000\nHOST=127.0.0.1\n');
    const env: Record<string, string | undefined> = { PORT: '3001' };
    loadEnvFile(join(dir, 'a.env'), env);
    expect(env).toEqual({ PORT: '3001', HOST: '127.0.0.1' });
    expect(() => loadEnvFile(join(dir, 'none.env'), env)).toThrow(`Cannot read the env file ${join(dir, 'none.env')} (ENOENT)`);
  });

  test('--env-file FILE and --env-file=FILE are taken out of the arguments wherever they stand', () => {
    expect(takeEnvFileOptions(['--env-file', 'a.env', 'doctor'])).toEqual({ files: ['a.env'], rest: ['doctor'] });
    expect(takeEnvFileOptions(['backup', 'x.db', '--env-file=b.env'])).toEqual({ files: ['b.env'], rest: ['backup', 'x.db'] });
    expect(() => takeEnvFileOptions(['--env-file'])).toThrow('--env-file needs a file');
  });
});
