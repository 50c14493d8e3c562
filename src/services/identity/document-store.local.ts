import { mkdir, open, readFile, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { SAFE_KEY, type DocumentStore } from './document-store.port';

/** Files under `dir` (DATA_DIR/documents), owner-only, each written to a temp file first and renamed when whole. */
export function createLocalDocumentStore(dir: string): DocumentStore {
  const path = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error('document: bad key');
    return join(dir, `${key}.bin`);
  };
  const tempOf = (file: string) => `${file}.${process.pid}.${crypto.randomUUID().slice(0, 8)}.tmp`;
  return {
    name: 'local',
    async put(key, sealed) {
      const file = path(key);
      await mkdir(dirname(file), { recursive: true, mode: 0o700 });
      const tmp = tempOf(file);
      await writeFile(tmp, sealed, { mode: 0o600 });
      await rename(tmp, file);
    },
    writer(key) {
      const file = path(key);
      const tmp = tempOf(file);
      let handle: Promise<FileHandle> | null = null;
      const opened = () => (handle ??= mkdir(dirname(file), { recursive: true, mode: 0o700 }).then(() => open(tmp, 'w', 0o600)));
      return {
        async write(piece) {
          await (await opened()).write(piece);
        },
        async end() {
          await (await opened()).close();
          await rename(tmp, file);
        },
        async abort() {
          if (handle) await (await handle).close().catch(() => {});
          await rm(tmp, { force: true });
        },
      };
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(path(key)));
      } catch (e) {
        if ((e as { code?: string }).code === 'ENOENT') return null;
        throw e;
      }
    },
    async delete(key) {
      await rm(path(key), { force: true });
    },
  };
}
