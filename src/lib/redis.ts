import { RedisClient } from 'bun';

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
  const main = new RedisClient(url, { connectionTimeout: 5_000 });
  await main.connect();
  const subscriber = await main.duplicate();
  return { main, subscriber };
}

/** The URL without its password, fit for a message. */
export const redactUrl = (url: string) => url.replace(/\/\/([^@/]*)@/, '//***@');
