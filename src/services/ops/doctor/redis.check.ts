import { RedisClient } from 'bun';
import type { Config } from '../../../config';
import { type CheckResult, failed, ok, reason, skipped, within } from './check';

/** A PING through Bun's own Redis client, when REDIS_URL is set. */
export async function checkRedis(config: Config, timeoutMs = 5_000): Promise<CheckResult> {
  const name = 'Redis';
  if (!config.REDIS_URL) return skipped(name, 'not configured: one instance keeps realtime and limits in memory');
  const url = new URL(config.REDIS_URL);
  const where = `${url.hostname}:${url.port || 6379}`;
  const client = new RedisClient(config.REDIS_URL, { connectionTimeout: timeoutMs, autoReconnect: false, maxRetries: 0, enableOfflineQueue: true });
  try {
    const answer = await within(client.send('PING', []), timeoutMs);
    if (answer === 'PONG') return ok(name, where);
    return failed(name, [{ problem: `Redis at ${where} did not answer PING (${answer === 'timeout' ? 'no answer in time' : String(answer).slice(0, 50)}).`, fix: 'Check that Redis is running and REDIS_URL (host, port, password).' }]);
  } catch (e) {
    const auth = /auth|password|NOPERM|WRONGPASS/i.test(reason(e));
    return failed(name, [auth
      ? { problem: `Redis at ${where} refused the credentials in REDIS_URL.`, fix: 'Put the right password in REDIS_URL (redis://:password@host:6379).' }
      : { problem: `Could not reach Redis at ${where}: ${reason(e)}.`, fix: 'Start Redis or correct the host and port in REDIS_URL; with rediss:// the server must speak TLS.' }]);
  } finally {
    client.close();
  }
}
