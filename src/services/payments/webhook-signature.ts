import { createHmac, timingSafeEqual } from 'node:crypto';

/** `sha256=<lowercase hex>` of HMAC-SHA256 over the exact bytes sent, keyed by the webhook secret (contract README §5). */
export function signBtcpayBody(secret: string, body: Uint8Array | string): string {
  return 'sha256=' + createHmac('sha256', secret).update(body).digest('hex');
}

/**
 * Checks a `BTCPay-Sig` header against the raw body, in constant time. Anything malformed or missing is false:
 * the body must be the bytes as received, never JSON re-serialised (it would not match).
 */
export function verifyBtcpaySignature(secret: string, rawBody: Uint8Array | string, header: string | null): boolean {
  if (!secret || !header) return false;
  const m = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!m) return false;
  const want = Buffer.from(signBtcpayBody(secret, rawBody).slice(7), 'hex');
  const got = Buffer.from(m[1]!.toLowerCase(), 'hex');
  return want.length === got.length && timingSafeEqual(want, got);
}
