import { resolve } from 'node:path';
import type { TestApp } from './app';
import { AML_OFF } from './aml';

const root = resolve(import.meta.dir, '../..');

/** Runs one of the operator commands (scripts/<name>.ts) against a test app's database and data folder. */
export function runCommand(app: TestApp, script: string, args: string[], env: Record<string, string> = {}) {
  const r = Bun.spawnSync([process.execPath, `scripts/${script}.ts`, ...args], {
    cwd: root, env: { ...process.env, DATABASE_URL: app.config.DATABASE_URL, DATA_DIR: app.dir, NODE_ENV: 'test', IDENTITY_REQUIRED_FOR: 'none', TAX_DETAILS_THRESHOLD_DOLLARS: '1000000000', ...AML_OFF, ...env },
  });
  return { code: r.exitCode, out: r.stdout.toString(), err: r.stderr.toString() };
}

/** An audit row as the console and the commands must both write it: without its own id, time and target id. */
export async function auditRows(app: TestApp, action: string) {
  const r = await app.deps.database.client.execute({ sql: 'SELECT * FROM audit_log WHERE action = ? ORDER BY created_at, id', args: [action] });
  return r.rows.map((x) => ({
    actor: [x.actor_id, x.actor_email], action: x.action, targetType: x.target_type, targetId: String(x.target_id), reason: x.reason,
    before: x.before == null ? null : JSON.parse(String(x.before)), after: x.after == null ? null : JSON.parse(String(x.after)), ip: x.ip,
  }));
}
