import type { Hub, Listener } from './hub.port';

/** The embedded hub: listeners in a map, for one process. */
export function createInProcessHub(): Hub {
  const channels = new Map<string, Set<Listener>>();
  return {
    publish(userId, msg) {
      for (const l of channels.get(userId) ?? []) {
        try {
          l(msg);
        } catch {
          // One broken socket must not stop the others from hearing.
        }
      }
    },
    subscribe(userId, listener) {
      let set = channels.get(userId);
      if (!set) channels.set(userId, (set = new Set()));
      set.add(listener);
      return () => {
        set!.delete(listener);
        if (set!.size === 0) channels.delete(userId);
      };
    },
    async close() {
      channels.clear();
    },
  };
}
