import { PaymentsError } from '../payments.port';

/**
 * Greenfield HTTP calls: `Authorization: token <key>`, a timeout on each, and every failure turned into a
 * PaymentsError whose message never carries the key or a secret.
 */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export type BtcpayConnection = {
  url: string;
  apiKey: string;
  storeId: string;
  timeoutMs?: number;
  fetch?: FetchLike;
  /** Other values to keep out of error messages (the webhook secret). */
  secrets?: string[];
};

type CallOptions = { query?: Record<string, string | string[] | undefined>; body?: unknown; nullOn404?: boolean };

export type BtcpayClient = {
  /** `/api/v1/stores/{storeId}` + rest: store-scoped routes are served by every 2.x server. */
  storePath(...segments: string[]): string;
  call<T>(method: string, path: string, opts?: CallOptions & { nullOn404?: false }): Promise<T>;
  call<T>(method: string, path: string, opts: CallOptions & { nullOn404: true }): Promise<T | null>;
};

export function createBtcpayClient(conn: BtcpayConnection): BtcpayClient {
  const base = conn.url.replace(/\/+$/, '');
  const timeoutMs = conn.timeoutMs ?? 10_000;
  const doFetch = conn.fetch ?? globalThis.fetch;
  const secrets = [conn.apiKey, ...(conn.secrets ?? [])].filter((s) => s.length >= 4);
  const redact = (text: string) => secrets.reduce((t, s) => t.split(s).join('[redacted]'), text);
  const fail = (message: string, kind: PaymentsError['kind'], code?: string, status?: number) => new PaymentsError(redact(message), kind, code, status);

  async function call(method: string, path: string, opts: CallOptions = {}): Promise<unknown> {
    const url = new URL(base + path);
    for (const [k, v] of Object.entries(opts.query ?? {})) for (const one of [v ?? []].flat()) url.searchParams.append(k, one);
    const what = `BTCPay ${method} ${path}`;
    let res: Response;
    let text: string;
    try {
      res = await doFetch(url, {
        method,
        headers: { Authorization: `token ${conn.apiKey}`, Accept: 'application/json', ...(opts.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch (e) {
      const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
      // Only the error's kind (Bun's code, e.g. ConnectionRefused) is kept: a network library's message could echo request headers.
      throw fail(timedOut ? `${what}: no answer within ${timeoutMs} ms` : `${what}: BTCPay Server could not be reached (${(e as { code?: unknown }).code ?? (e instanceof Error ? e.name : 'error')})`, 'unavailable');
    }
    const json = parseJson(text);
    if (res.ok) {
      if (text && json === undefined) throw fail(`${what}: answered ${res.status} with something other than JSON`, 'unavailable', undefined, res.status);
      return json ?? null;
    }
    if (res.status === 404 && opts.nullOn404) return null;
    throw errorFor(what, res.status, json, fail);
  }

  return {
    storePath: (...segments) => `/api/v1/stores/${encodeURIComponent(conn.storeId)}${segments.map((s) => `/${encodeURIComponent(s)}`).join('')}`,
    call: call as BtcpayClient['call'],
  };
}

function parseJson(text: string): any {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

type Fail = (message: string, kind: PaymentsError['kind'], code?: string, status?: number) => PaymentsError;

/** 5xx/408/429 are worth retrying (BTCPay's own rule for webhooks); 404 is not-found; any other 4xx is final. */
function errorFor(what: string, status: number, json: any, fail: Fail): PaymentsError {
  if (status >= 500 || status === 408 || status === 429) return fail(`${what}: BTCPay Server answered ${status}`, 'unavailable', json?.code, status);
  if (Array.isArray(json)) {
    const details = json.map((e) => `${e?.path ?? ''}: ${e?.message ?? ''}`).join('; ');
    return fail(`${what}: rejected (${details})`, 'refused', 'validation', status);
  }
  const code: string = typeof json?.code === 'string' ? json.code : status === 401 ? 'unauthenticated' : 'generic-error';
  const said = typeof json?.message === 'string' ? json.message : null;
  const message = status === 401 ? `the API key was not accepted (401${said ? `: ${said}` : ''})` : (said ?? `answered ${status}`);
  if (status === 404) return fail(`${what}: ${message}`, 'not-found', code, status);
  return fail(`${what}: ${message}`, 'refused', code, status);
}
