import type { Hub, Listener, SessionsEnded } from './hub.port';

/** The embedded hub: listeners in a map, for one process. */
export function createInProcessHub(): Hub {
  const channels = new Map<string, Set<Listener>>();
  const enders = new Set<(e: SessionsEnded) => void>();
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
    endSessions(ended) {
      for (const l of enders) l(ended);
    },
    onSessionsEnded(listener) {
      enders.add(listener);
      return () => void enders.delete(listener);
    },
    async close() {
      channels.clear();
      enders.clear();
    },
  };
}
