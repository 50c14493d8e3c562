import type { RedisClient } from 'bun';
import type { Hub, Listener, PushMessage, SessionsEnded } from './hub.port';

type Channel = { listeners: Set<Listener>; joined: Promise<void> };

/**
 * The hub across instances (REDIS_URL): every push is published on the player's own Redis channel, and each
 * instance subscribes to the channels of the players whose sockets it holds, so a push reaches them wherever they
 * are connected and Redis sends an instance only what its sockets want. Pushes from this process come back to it
 * through Redis like any other: one path. `redis` publishes; `subscriber` is a connection of its own, because a
 * subscribed Redis connection can do nothing else. Ended sessions travel on one channel every instance hears
 * (`<prefix>sessions-ended`; player channels are named by ids, which never take that name).
 */
export function createRedisHub(redis: RedisClient, subscriber: RedisClient, onError: (what: string) => void = () => {}, prefix = 'coinreel:push:'): Hub {
  const channels = new Map<string, Channel>();
  const sending = new Set<Promise<void>>();
  const ENDED = prefix + 'sessions-ended';
  const enders = new Set<(e: SessionsEnded) => void>();
  let endsJoined: Promise<void> | null = null;
  const heardEnd = (message: string) => {
    let e: SessionsEnded;
    try {
      e = JSON.parse(message) as SessionsEnded;
    } catch {
      return onError('bad session-end message');
    }
    if (typeof e?.userId !== 'string') return onError('bad session-end message');
    for (const l of enders) {
      try {
        l(e);
      } catch {
        // One listener's failure must not keep the others from closing their sockets.
      }
    }
  };
  const publish = (channel: string, message: string) => {
    const p = redis.publish(channel, message).then(() => {}, () => onError('redis publish failed'));
    sending.add(p);
    void p.then(() => sending.delete(p));
  };

  const deliver = (message: string, channel: string) => {
    const set = channels.get(channel.slice(prefix.length))?.listeners;
    if (!set) return;
    let msg: PushMessage;
    try {
      msg = JSON.parse(message) as PushMessage;
    } catch {
      return onError('bad push message');
    }
    for (const l of set) {
      try {
        l(msg);
      } catch {
        // One broken socket must not stop the others from hearing.
      }
    }
  };

  // The last Redis (un)subscribe per player, so the two never cross for one channel.
  const tails = new Map<string, Promise<void>>();
  const chain = (userId: string, op: () => Promise<unknown>): Promise<void> => {
    const p = (tails.get(userId) ?? Promise.resolve()).then(op).then(() => undefined, () => onError('redis subscription failed'));
    tails.set(userId, p);
    void p.then(() => tails.get(userId) === p && tails.delete(userId));
    return p;
  };

  const join = (userId: string): Channel => {
    let ch = channels.get(userId);
    if (ch) return ch;
    channels.set(userId, (ch = { listeners: new Set(), joined: chain(userId, () => subscriber.subscribe(prefix + userId, deliver)) }));
    return ch;
  };

  const leave = (userId: string, ch: Channel) =>
    chain(userId, async () => {
      if (channels.get(userId) !== ch || ch.listeners.size > 0) return; // someone joined again meanwhile
      channels.delete(userId);
      await subscriber.unsubscribe(prefix + userId, deliver);
    });

  // After a lost connection Bun reconnects, but the server has forgotten the subscriptions while Bun still lists
  // them: drop each and make it again (subscribing over Bun's list would deliver every message twice).
  subscriber.onconnect = () => {
    if (endsJoined)
      endsJoined = chain(ENDED, async () => {
        await subscriber.unsubscribe(ENDED);
        await subscriber.subscribe(ENDED, heardEnd);
      });
    for (const userId of channels.keys())
      void chain(userId, async () => {
        await subscriber.unsubscribe(prefix + userId);
        if (channels.has(userId)) await subscriber.subscribe(prefix + userId, deliver);
      });
  };

  return {
    publish(userId, msg) {
      publish(prefix + userId, JSON.stringify(msg));
    },
    endSessions(ended) {
      publish(ENDED, JSON.stringify(ended));
    },
    onSessionsEnded(listener) {
      enders.add(listener);
      endsJoined ??= chain(ENDED, () => subscriber.subscribe(ENDED, heardEnd));
      return () => void enders.delete(listener);
    },
    sessionsHeard: () => endsJoined ?? Promise.resolve(),
    subscribe(userId, listener) {
      const ch = join(userId);
      ch.listeners.add(listener);
      return () => {
        ch.listeners.delete(listener);
        if (ch.listeners.size === 0) void leave(userId, ch);
      };
    },
    joined: (userId) => channels.get(userId)?.joined ?? Promise.resolve(),
    async close() {
      // Pushes already made still go out (a command-line tool closes right after its last one).
      await Promise.all([...sending]);
      channels.clear();
      enders.clear();
      subscriber.onconnect = null;
      subscriber.close();
      redis.close();
    },
  };
}
