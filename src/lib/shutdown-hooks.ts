// Work that must happen before the process exits and after requests have finished: releasing a job lease so
// another instance takes over at once instead of after it expires, flushing a queue. main.ts runs them on SIGTERM.

export type ShutdownHook = () => unknown | Promise<unknown>;

export type ShutdownHooks = {
  /** Registers `fn`; returns a function that removes it again. */
  onShutdown(fn: ShutdownHook): () => void;
  /** Runs every hook, newest first, each bounded by `timeoutMs`; a failing hook does not stop the others. */
  run(timeoutMs: number, onError?: (e: unknown) => void): Promise<void>;
};

export function createShutdownHooks(): ShutdownHooks {
  const hooks: ShutdownHook[] = [];
  return {
    onShutdown(fn) {
      hooks.push(fn);
      return () => {
        const i = hooks.indexOf(fn);
        if (i >= 0) hooks.splice(i, 1);
      };
    },
    async run(timeoutMs, onError) {
      for (const fn of [...hooks].reverse()) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const late = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('shutdown hook timed out')), timeoutMs)));
        try {
          await Promise.race([Promise.resolve().then(fn), late]);
        } catch (e) {
          onError?.(e);
        } finally {
          clearTimeout(timer);
        }
      }
    },
  };
}
