// `coinreel healthcheck`: asks the running site's GET /healthz on this machine, for a container's HEALTHCHECK or a
// monitor with no curl. One plain line; exit 0 healthy, 1 not.
import { type Command, parseOptions, UsageError } from './command';

const usage = `usage: coinreel healthcheck [--url URL] [--timeout SECONDS]

Asks GET /healthz of the site running on this machine: http://HOST:PORT/healthz with the site's PORT (default
3000) and HOST (127.0.0.1 when HOST is unset or listens on every address). Prints one line; exits 0 when it
answers 200, 1 otherwise.
  --url URL          ask this address instead
  --timeout SECONDS  how long to wait for the answer (default 5)`;

/** Where the site listening with this HOST and PORT answers from this machine. */
export function healthUrl(env: Record<string, string | undefined>): string {
  const port = env.PORT || '3000';
  if (!/^\d{1,5}$/.test(port) || Number(port) === 0 || Number(port) > 65535) throw new UsageError(`PORT=${port} is not a port the site could listen on: set PORT as the site has it`);
  const host = env.HOST?.trim();
  const wildcard = !host || host === '0.0.0.0' || host === '::' || host === '[::]';
  const shown = wildcard ? '127.0.0.1' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${shown}:${port}/healthz`;
}

async function run(argv: string[]): Promise<number> {
  const { values } = parseOptions(argv, { url: { type: 'string' }, timeout: { type: 'string', default: '5' } });
  const seconds = Number(values.timeout);
  if (!(seconds > 0 && seconds <= 300)) throw new UsageError('--timeout must be a number of seconds from 0 to 300');
  let url: URL;
  try {
    url = new URL(values.url ?? healthUrl(process.env));
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`--url ${values.url} is not a URL`);
  }
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(seconds * 1000), redirect: 'manual' });
    await res.arrayBuffer();
    if (res.status === 200) {
      console.log(`healthy: ${url.href} answered 200`);
      return 0;
    }
    console.log(`unhealthy: ${url.href} answered ${res.status}`);
    return 1;
  } catch (e) {
    const name = e instanceof Error ? e.name : '';
    const code = (e as { code?: string }).code;
    const why = name === 'TimeoutError' || name === 'AbortError' ? `no answer from ${url.host} within ${seconds} s`
      : code === 'ConnectionRefused' || code === 'ECONNREFUSED' ? `nothing answers at ${url.host}`
      : `${url.host} could not be reached (${code ?? name ?? 'error'})`;
    console.log(`unhealthy: ${why}`);
    return 1;
  }
}

export const command: Command = { usage, run };
