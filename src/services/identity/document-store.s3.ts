import { SAFE_KEY, type DocumentStore } from './document-store.port';

export type S3Settings = { endpoint?: string; bucket: string; accessKeyId: string; secretAccessKey: string; region?: string };

/** An S3-compatible bucket through Bun's own client; objects are encrypted by us before they leave. */
export function createS3DocumentStore(s: S3Settings): DocumentStore {
  const client = new Bun.S3Client({ endpoint: s.endpoint, bucket: s.bucket, accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey, region: s.region });
  const name = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error('document: bad key');
    return `documents/${key}.bin`;
  };
  return {
    name: 's3',
    async put(key, sealed) {
      await client.write(name(key), sealed, { type: 'application/octet-stream' });
    },
    async get(key) {
      const f = client.file(name(key));
      try {
        return new Uint8Array(await f.arrayBuffer());
      } catch (e) {
        if ((e as { code?: string }).code === 'NoSuchKey' || /NoSuchKey|404|not found/i.test(String((e as Error).message))) return null;
        throw e;
      }
    },
    async delete(key) {
      await client.delete(name(key));
    },
  };
}
