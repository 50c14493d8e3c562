import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * BTCPay signs each webhook with `BTCPay-Sig: sha256=<lowercase hex HMAC-SHA256>` over the exact bytes it sends
 * (indented JSON). Verify against the raw body before parsing: re-serialised JSON no longer matches.
 */
const HEADER = /^sha256=([0-9a-f]{64})$/i;

const toBytes = (body: Uint8Array | string) => (typeof body === 'string' ? Buffer.from(body, 'utf8') : body);

const hmac = (secret: string, body: Uint8Array | string) => createHmac('sha256', Buffer.from(secret, 'utf8')).update(toBytes(body)).digest();

/** The header value BTCPay would send for this body. */
export function signBtcpayBody(secret: string, body: Uint8Array | string): string {
  return `sha256=${hmac(secret, body).toString('hex')}`;
}

/** True only for a well-formed header whose HMAC matches; compared in constant time. */
export function verifyBtcpaySignature(secret: string, rawBody: Uint8Array | string, header: string | null): boolean {
  if (!secret || !header) return false;
  const match = HEADER.exec(header.trim());
  if (!match) return false;
  const given = Buffer.from(match[1]!, 'hex');
  const expected = hmac(secret, rawBody);
  // Lengths are equal by the pattern; the check keeps timingSafeEqual from throwing if that ever changes.
  return given.length === expected.length && timingSafeEqual(given, expected);
}
