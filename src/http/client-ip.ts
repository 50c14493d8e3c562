import { isIP } from 'node:net';

// The server knows each request's socket address; the app only sees the Request. main.ts records the
// address here as the request arrives, and rate limits read it back.
type Peer = { requestIP(req: Request): { address: string } | null };
const socketAddress = new WeakMap<Request, string | Peer>();

export function recordClientIp(req: Request, address: string | undefined | null): void {
  if (address) socketAddress.set(req, address);
}

/**
 * Remembers the server a request arrived on; its address is looked up only when something asks for it. Asking
 * the server for every request's address was a fifth of a signed-in API call's time, and only rate limits use it.
 */
export function recordPeer(req: Request, server: Peer): void {
  socketAddress.set(req, server);
}

/**
 * The client's address. Behind a proxy, only the header the operator named (TRUSTED_PROXY_HEADER) is read,
 * since anyone can send any header to a server that is reached directly. Only the last hop is trusted: for a list
 * such as X-Forwarded-For the right-most entry is the one the trusted proxy added (earlier ones are the client's
 * claims, never read). A header that is there but whose last entry is not an address is no client's address:
 * 'unknown', never the socket's (which behind a proxy is the proxy's own, often inside METRICS_ALLOW). Without
 * the header the request came straight to us, and the socket's address is the client's.
 */
export function clientIp(req: Request, trustedHeader?: string): string {
  if (trustedHeader) {
    const value = req.headers.get(trustedHeader);
    if (value !== null) {
      const last = value.slice(value.lastIndexOf(',') + 1).trim();
      return isIP(last) ? last : 'unknown';
    }
  }
  return peerIp(req);
}

/** A request the server makes for another (a form post calling the API in-process) keeps the client's address. */
export function copyClientIp(from: Request, to: Request): void {
  const a = socketAddress.get(from);
  // The server knows only the request that came over its socket: the copy asks it about that one (still lazily).
  if (typeof a === 'string') socketAddress.set(to, a);
  else if (a) socketAddress.set(to, { requestIP: () => a.requestIP(from) });
}

/**
 * The address of the connection itself, never a header: 'unknown' for a request that came in no connection (made
 * in-process with no client's address copied onto it).
 */
export function peerIp(req: Request): string {
  const known = socketAddress.get(req);
  if (typeof known === 'string') return known;
  const address = known?.requestIP(req)?.address;
  if (!address) return 'unknown';
  socketAddress.set(req, address);
  return address;
}
