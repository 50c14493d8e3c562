import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for game passwords at rest. The associated data binds a ciphertext to its row's owner, so a
 * ciphertext copied onto another player's row does not decrypt. Errors never carry the key or the plain text.
 */
export type CredentialCipher = {
  seal(plain: string, context: string): string;
  open(sealed: string, context: string): string;
};

const VERSION = 'v1';

export function createCredentialCipher(hexKey: string): CredentialCipher {
  if (!/^[0-9a-fA-F]{64}$/.test(hexKey)) throw new Error('credential key must be 64 hex characters');
  const key = Buffer.from(hexKey, 'hex');
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      c.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return [VERSION, iv.toString('base64url'), c.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed, context) {
      const [v, iv, tag, body] = sealed.split('.');
      if (v !== VERSION || !iv || !tag || body === undefined) throw new Error('credential: unreadable ciphertext');
      try {
        const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        d.setAAD(Buffer.from(context, 'utf8'));
        d.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]).toString('utf8');
      } catch {
        throw new Error('credential: ciphertext does not open under this key');
      }
    },
  };
}
