import { RedisClient } from 'bun';

/**
 * Two connections to REDIS_URL through Bun's built-in client: one for commands and publishing, one that only
 * subscribes (a subscribed connection can do nothing else). Connected before the app starts, so a wrong URL
 * stops start-up with a message instead of failing the first login.
 */
export async function openRedis(url: string): Promise<{ main: RedisClient; subscriber: RedisClient }> {
  const main = new RedisClient(url, { connectionTimeout: 5_000 });
  try {
    await main.connect();
  } catch {
    throw new Error(`Could not connect to Redis at REDIS_URL (${redactUrl(url)}). Check that Redis is running and the URL is right.`);
  }
  const subscriber = await main.duplicate();
  return { main, subscriber };
}

/** The URL without its password, fit for a message. */
export const redactUrl = (url: string) => url.replace(/\/\/([^@/]*)@/, '//***@');
