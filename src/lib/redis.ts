import { RedisClient } from 'bun';

/**
 * How the kept connections behave while Redis is away: they keep trying to reconnect for as long as it takes (Bun
 * gives up for good after 20 tries by default, about half a minute), and a command fails at once instead of
 * waiting in a queue, so a request that needs Redis answers quickly and pushes are dropped, not piled up.
 */
const KEPT = { connectionTimeout: 5_000, autoReconnect: true, maxRetries: 1_000_000_000, enableOfflineQueue: false };

/**
 * Two connections to REDIS_URL through Bun's built-in client: one for commands and publishing, one that only
 * subscribes (a subscribed connection can do nothing else). Connected before the app starts, so a wrong URL
 * stops start-up with a message instead of failing the first login.
 */
export async function openRedis(url: string): Promise<{ main: RedisClient; subscriber: RedisClient }> {
  // A probe that does not retry, so a wrong URL fails at once; the connections kept reconnect on their own.
  const probe = new RedisClient(url, { connectionTimeout: 5_000, autoReconnect: false });
  try {
    await probe.connect();
    await probe.send('PING', []);
  } catch {
    throw new Error(`could not connect to Redis at ${redactUrl(url)}. Check that Redis is running and the URL (and its password) is right.`);
  } finally {
    probe.close();
  }
  const main = new RedisClient(url, KEPT);
  const subscriber = new RedisClient(url, KEPT);
  await Promise.all([main.connect(), subscriber.connect()]);
  return { main, subscriber };
}

/** The URL without its password, fit for a message. */
export const redactUrl = (url: string) => url.replace(/\/\/([^@/]*)@/, '//***@');
