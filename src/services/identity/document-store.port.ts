/**
 * Where identity documents are kept, already encrypted by us (document-cipher.ts): the store sees only ciphertext.
 * The default keeps files under DATA_DIR/documents; the S3 adapter serves several instances.
 */
export type DocumentStore = {
  readonly name: 'local' | 's3';
  put(key: string, sealed: Uint8Array): Promise<void>;
  /**
   * A file written in pieces as they are sealed (an upload as it arrives): it exists under `key` only once `end`
   * has finished; `abort` leaves nothing behind.
   */
  writer(key: string): DocumentWriter;
  /** null when the file is not there (deleted by retention). */
  get(key: string): Promise<Uint8Array | null>;
  /** Deleting a file that is already gone is not an error. */
  delete(key: string): Promise<void>;
};

export type DocumentWriter = {
  write(piece: Uint8Array): Promise<void>;
  end(): Promise<void>;
  abort(): Promise<void>;
};

/** Keys are ours (submission id / part), never a player's file name: nothing in them can climb out of the folder. */
export const SAFE_KEY = /^[0-9a-zA-Z-]+\/[a-z-]+$/;
