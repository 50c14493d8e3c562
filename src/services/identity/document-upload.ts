import { createDocumentCleaner, DAMAGED, DocumentRejected, MAX_DOCUMENT_BYTES, type DocumentType } from './files';
import type { DocumentPart, IdentityContext } from './identity.context';
import { text, type Text } from '../../i18n/text';
import { m } from '../../i18n/paraglide/messages.js';

// The form says these words before it uploads; the server says the same after (src/shared/schemas/identity.ts).
const TOO_LARGE = () => text(m.fields_file_too_large);
const NOT_A_PHOTO = () => text(m.fields_not_a_photo);
const REJECTED = (why: string) => text(why === DAMAGED ? m.fields_file_damaged : m.fields_not_a_document);

/** What became of one uploaded file: stored (cleaned and sealed), empty (no file chosen), or refused with a message. */
export type UploadedDocument = { part: DocumentPart; stored: { type: DocumentType; size: number } | null; error: Text | null };

/**
 * One uploaded file, cleaned, sealed and written to the store piece by piece as its bytes arrive: the server holds
 * one sealing segment of it at a time, never the file. Past 10 MB, or once it is plainly not a document (its first
 * bytes), it is refused and what was written is removed; the rest of its bytes are left unread for the form reader
 * to skip. A selfie must be a photo.
 */
export async function storeDocument(ctx: IdentityContext, key: string, part: DocumentPart, body: AsyncIterable<Uint8Array>): Promise<UploadedDocument> {
  const cleaner = createDocumentCleaner();
  const sealer = ctx.cipher.sealer(key);
  const writer = ctx.store.writer(key);
  let raw = 0, size = 0;
  const write = async (cleaned: Uint8Array[]) => {
    for (const c of cleaned) {
      size += c.length;
      for (const s of sealer.push(c)) await writer.write(s);
    }
  };
  const refuse = async (error: Text): Promise<UploadedDocument> => {
    await writer.abort();
    return { part, stored: null, error };
  };
  try {
    for await (const piece of body) {
      raw += piece.length;
      if (raw > MAX_DOCUMENT_BYTES) return await refuse(TOO_LARGE());
      await write(cleaner.push(piece));
      if (part === 'selfie' && cleaner.type === 'application/pdf') return await refuse(NOT_A_PHOTO());
    }
    // An empty file input sends an empty part: no file was chosen.
    if (raw === 0) {
      await writer.abort();
      return { part, stored: null, error: null };
    }
    await write(cleaner.end());
    for (const s of sealer.end()) await writer.write(s);
    await writer.end();
    return { part, stored: { type: cleaner.type!, size }, error: null };
  } catch (e) {
    if (e instanceof DocumentRejected) return refuse(REJECTED(e.message));
    await writer.abort().catch(() => {});
    throw e;
  }
}

/** A plain form field's text, up to `max` bytes (the rest is read and dropped). */
export async function fieldText(body: AsyncIterable<Uint8Array>, max = 2048): Promise<string> {
  const pieces: Uint8Array[] = [];
  let size = 0;
  for await (const p of body) {
    if (size < max) pieces.push(p.slice(0, max - size));
    size += p.length;
  }
  return Buffer.concat(pieces).toString('utf8');
}
