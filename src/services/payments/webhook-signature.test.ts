import { describe, expect, test } from 'bun:test';
import { createHmac } from 'node:crypto';
import { signBtcpayBody, verifyBtcpaySignature } from './webhook-signature';

const secret = 'whsec-3kP9xQ';
// BTCPay sends indented JSON; the signature covers those exact bytes.
const body = JSON.stringify({ deliveryId: 'd1', type: 'InvoiceSettled', invoiceId: 'inv1', metadata: { orderId: 'dep_1' } }, null, 2);

describe('BTCPay webhook signature', () => {
  test('signs as BTCPay does: sha256= and the lowercase hex HMAC-SHA256 of the body with the secret', () => {
    const expected = createHmac('sha256', secret).update(body).digest('hex');
    expect(signBtcpayBody(secret, body)).toBe(`sha256=${expected}`);
    expect(signBtcpayBody(secret, new TextEncoder().encode(body))).toBe(`sha256=${expected}`);
  });

  test('accepts the signature of the raw body, as a string or as bytes', () => {
    const header = signBtcpayBody(secret, body);
    expect(verifyBtcpaySignature(secret, body, header)).toBe(true);
    expect(verifyBtcpaySignature(secret, new TextEncoder().encode(body), header)).toBe(true);
    expect(verifyBtcpaySignature(secret, body, `  ${header.toUpperCase().replace('SHA256=', 'sha256=')} `)).toBe(true);
  });

  test('rejects a signature made with another secret', () => {
    expect(verifyBtcpaySignature(secret, body, signBtcpayBody('another-secret', body))).toBe(false);
  });

  test('rejects a missing header, and any header when no secret is configured', () => {
    expect(verifyBtcpaySignature(secret, body, null)).toBe(false);
    expect(verifyBtcpaySignature(secret, body, '')).toBe(false);
    expect(verifyBtcpaySignature('', body, signBtcpayBody('', body))).toBe(false);
  });

  test('rejects malformed headers without throwing', () => {
    const hex = signBtcpayBody(secret, body).slice('sha256='.length);
    for (const header of [hex, `sha1=${hex}`, `sha256:${hex}`, `sha256=${hex.slice(0, 63)}z`, 'sha256=', 'garbage', `sha256=${hex} extra`]) {
      expect(verifyBtcpaySignature(secret, body, header)).toBe(false);
    }
  });

  test('rejects a digest of a different length', () => {
    const hex = signBtcpayBody(secret, body).slice('sha256='.length);
    expect(verifyBtcpaySignature(secret, body, `sha256=${hex.slice(0, 62)}`)).toBe(false);
    expect(verifyBtcpaySignature(secret, body, `sha256=${hex}00`)).toBe(false);
  });

  test('rejects the body once re-serialised after signing, or changed by one byte', () => {
    const header = signBtcpayBody(secret, body);
    expect(verifyBtcpaySignature(secret, JSON.stringify(JSON.parse(body)), header)).toBe(false);
    expect(verifyBtcpaySignature(secret, body.replace('inv1', 'inv2'), header)).toBe(false);
  });
});
