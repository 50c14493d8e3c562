/** One thing found wrong, in plain words, with what to do about it. */
export type Problem = { problem: string; fix: string };

/** What one check found: `ok` with a line of detail, `problem`s, or `skipped` (not configured) with the reason. */
export type CheckResult = { name: string; status: 'ok' | 'problem' | 'skipped'; detail: string; problems: Problem[] };

export const ok = (name: string, detail: string): CheckResult => ({ name, status: 'ok', detail, problems: [] });
export const skipped = (name: string, detail: string): CheckResult => ({ name, status: 'skipped', detail, problems: [] });
export const failed = (name: string, problems: Problem[], detail = ''): CheckResult => ({ name, status: 'problem', detail, problems });
export const result = (name: string, problems: Problem[], detail: string): CheckResult => (problems.length ? failed(name, problems, detail) : ok(name, detail));

/** An error as one short line: enough to act on, never a stack. */
export const reason = (e: unknown) => (e instanceof Error ? e.message : String(e)).split('\n')[0]!.slice(0, 200);

/** Resolves to 'timeout' after `ms` unless `p` settles first. */
export function within<T>(p: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: ReturnType<typeof setTimeout>;
  return Promise.race([p, new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), ms)))]).finally(() => clearTimeout(timer));
}
