import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A secret from config, or outside production one generated once and kept in the data folder. */
export function persistedSecret(dataDir: string, name: string, given: string | undefined, bytes = 32): string {
  if (given) return given;
  const file = join(dataDir, `.${name}`);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const value = Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString('hex');
  writeFileSync(file, value, { mode: 0o600 });
  return value;
}
