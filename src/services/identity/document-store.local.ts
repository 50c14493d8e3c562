import { mkdir, readFile, rm, writeFile, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { SAFE_KEY, type DocumentStore } from './document-store.port';

/** Files under `dir` (DATA_DIR/documents), owner-only, written whole (temp file then rename). */
export function createLocalDocumentStore(dir: string): DocumentStore {
  const path = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error('document: bad key');
    return join(dir, `${key}.bin`);
  };
  return {
    name: 'local',
    async put(key, sealed) {
      const file = path(key);
      await mkdir(dirname(file), { recursive: true, mode: 0o700 });
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, sealed, { mode: 0o600 });
      await rename(tmp, file);
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
