export type Logger = { info(msg: string, fields?: Record<string, unknown>): void; error(msg: string, fields?: Record<string, unknown>): void };

// One JSON line per event. Callers pass only fields that are safe to keep: never bodies, tokens or passwords.
export function createLogger(silent = false): Logger {
  const write = (level: string, msg: string, fields?: Record<string, unknown>) => {
    if (silent) return;
    process.stdout.write(JSON.stringify({ t: new Date().toISOString(), level, msg, ...fields }) + '\n');
  };
  return { info: (m, f) => write('info', m, f), error: (m, f) => write('error', m, f) };
}
