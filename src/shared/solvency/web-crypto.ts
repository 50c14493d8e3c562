// The scheme's two keyed hashes through Web Crypto (crypto.subtle): the browser's own implementation, which the
// /solvency page uses to confirm the leaves its quicker plain-JavaScript search found. Web Crypto exists only on
// secure origins (https, or this machine); elsewhere the page says so and relies on the search alone.
import { leafMessage, subNonceMessage, toHex } from './scheme';
import { m } from '../../i18n/paraglide/messages.js';

type FoundLeafLike = { index: number; value: number; digest: Uint8Array };

export const webCryptoAvailable = (): boolean => typeof crypto !== 'undefined' && typeof crypto.subtle?.importKey === 'function';

async function hmac(key: Uint8Array, message: Uint8Array): Promise<Uint8Array> {
  const k = await crypto.subtle.importKey('raw', key as BufferSource, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', k, message as BufferSource));
}

/** subNonce = HMAC-SHA256(accountNonce, "coinreel-pol-v1:" + id), by Web Crypto. */
export const subNonceByWebCrypto = (accountNonce: Uint8Array, id: string) => hmac(accountNonce, subNonceMessage(id));

/** A leaf's digest, HMAC-SHA256(subNonce, u64be(value) ‖ u32be(i)), by Web Crypto. */
export const leafDigestByWebCrypto = (subNonce: Uint8Array, value: number, i: number) => hmac(subNonce, leafMessage(value, i));

/**
 * Web Crypto's word on leaves found by the plain-JavaScript search: the same sub-nonce, and each leaf's published
 * digest recomputed. A problem to report, or null.
 */
export async function confirmByWebCrypto(accountNonce: Uint8Array, id: string, subNonce: Uint8Array, leaves: FoundLeafLike[]): Promise<string | null> {
  const again = await subNonceByWebCrypto(accountNonce, id);
  if (toHex(again) !== toHex(subNonce)) return m.api_check_webcrypto_nonce();
  for (const l of leaves) {
    const d = await leafDigestByWebCrypto(subNonce, l.value, l.index);
    if (toHex(d) !== toHex(l.digest)) return m.api_check_webcrypto_leaf({ leaf: l.index });
  }
  return null;
}
