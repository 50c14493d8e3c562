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
 * since anyone can send any header to a server that is reached directly. For a list such as
 * X-Forwarded-For the last entry is the one the trusted proxy added; earlier ones are the client's claims.
 */
export function clientIp(req: Request, trustedHeader?: string): string {
  if (trustedHeader) {
    const value = req.headers.get(trustedHeader);
    const last = value?.split(',').pop()?.trim();
    if (last) return last.slice(0, 64);
  }
  const known = socketAddress.get(req);
  if (typeof known === 'string') return known;
  const address = known?.requestIP(req)?.address;
  if (!address) return 'unknown';
  socketAddress.set(req, address);
  return address;
}

/**
 * A request the server makes for another (a form post calling the API in-process) keeps the client's address.
 * The address itself is copied: the server knows only the requests it received, so asking it about the copy
 * would answer nothing and every form post would count as one client.
 */
export function copyClientIp(from: Request, to: Request): void {
  const a = socketAddress.get(from);
  if (!a) return;
  const address = typeof a === 'string' ? a : clientIp(from);
  if (address !== 'unknown') socketAddress.set(to, address);
}
