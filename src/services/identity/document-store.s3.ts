import { SAFE_KEY, type DocumentStore } from './document-store.port';

export type S3Settings = { endpoint?: string; bucket: string; accessKeyId: string; secretAccessKey: string; region?: string };

// S3's smallest part of a multipart upload: a file written in pieces is sent a part at a time, one part in flight.
const PART_BYTES = 5 * 1024 * 1024;

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
    writer(key) {
      const object = name(key);
      // A file under one part goes up as one PUT at the end; a larger one as a multipart upload, completed by end().
      const sink = client.file(object).writer({ type: 'application/octet-stream', partSize: PART_BYTES, queueSize: 1, retry: 3 });
      return {
        async write(piece) {
          await sink.write(piece);
        },
        async end() {
          await sink.end();
        },
        async abort() {
          // Ended with an error the upload is abandoned; anything already there under the name is removed.
          await Promise.resolve(sink.end(new Error('upload abandoned'))).catch(() => {});
          await client.delete(object).catch(() => {});
        },
      };
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
