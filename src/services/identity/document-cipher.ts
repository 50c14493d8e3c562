import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for identity documents and tax numbers. Each file gets a random key of its own, itself sealed under
 * DOCUMENT_KEY (envelope encryption), and the file's name is the associated data: a file copied under another
 * name, or read without DOCUMENT_KEY, does not open.
 */
export type DocumentCipher = {
  sealBytes(plain: Uint8Array, context: string): Uint8Array;
  openBytes(sealed: Uint8Array, context: string): Uint8Array;
  /** Short text (a TIN) as one printable string. */
  seal(plain: string, context: string): string;
  open(sealed: string, context: string): string;
};

const MAGIC = Buffer.from('CRD1');

function gcm(key: Buffer, plain: Uint8Array, aad: string) {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  c.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([c.update(plain), c.final()]);
  return Buffer.concat([iv, c.getAuthTag(), body]);
}

function ungcm(key: Buffer, sealed: Uint8Array, aad: string) {
  const b = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  const d = createDecipheriv('aes-256-gcm', key, b.subarray(0, 12));
  d.setAAD(Buffer.from(aad, 'utf8'));
  d.setAuthTag(b.subarray(12, 28));
  return Buffer.concat([d.update(b.subarray(28)), d.final()]);
}

export function createDocumentCipher(hexKey: string): DocumentCipher {
  if (!/^[0-9a-fA-F]{64}$/.test(hexKey)) throw new Error('document key must be 64 hex characters');
  const master = Buffer.from(hexKey, 'hex');
  const fail = () => new Error('document: does not open under this key');
  return {
    sealBytes(plain, context) {
      const fileKey = randomBytes(32);
      const wrapped = gcm(master, fileKey, `key:${context}`);
      return Buffer.concat([MAGIC, wrapped, gcm(fileKey, plain, context)]);
    },
    openBytes(sealed, context) {
      const b = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
      if (!b.subarray(0, 4).equals(MAGIC)) throw fail();
      try {
        const fileKey = ungcm(master, b.subarray(4, 4 + 60), `key:${context}`);
        return new Uint8Array(ungcm(fileKey, b.subarray(64), context));
      } catch {
        throw fail();
      }
    },
    seal(plain, context) {
      return Buffer.from(this.sealBytes(Buffer.from(plain, 'utf8'), context)).toString('base64url');
    },
    open(sealed, context) {
      return Buffer.from(this.openBytes(Buffer.from(sealed, 'base64url'), context)).toString('utf8');
    },
  };
}
