import { AppError } from '../../lib/app-error';
import { text } from '../../i18n/text';
import { m } from '../../i18n/paraglide/messages.js';

/** How long a player turned away for a full gate is asked to wait (the Retry-After of the 503). */
export const UPLOAD_RETRY_AFTER_S = 30;
export const UPLOADS_BUSY = `Many players are sending their documents right now. Please try again in ${UPLOAD_RETRY_AFTER_S} seconds.`;
export const UPLOAD_IN_PROGRESS = 'Your documents are already being uploaded. Please wait for that upload to finish.';

export type UploadTicket = { release(): void };

/**
 * Who may send identity documents right now, decided before a byte of the upload is read (docs/decisions/upload-limits.md):
 * one upload per player at a time, and at most `atOnce` on this instance (IDENTITY_UPLOADS_AT_ONCE). Past either the
 * upload is refused at once: 409 for the player's second, 503 with Retry-After when the instance is full.
 */
export function createUploadGate(atOnce: number) {
  const players = new Set<string>();
  return {
    enter(userId: string): UploadTicket {
      if (players.has(userId)) throw AppError.conflict(text(m.api_upload_in_progress), 'IDENTITY_UPLOAD_IN_PROGRESS');
      if (players.size >= atOnce)
        throw new AppError(503, text(m.api_uploads_busy, { seconds: UPLOAD_RETRY_AFTER_S }), 'UPLOADS_BUSY', undefined, { 'retry-after': String(UPLOAD_RETRY_AFTER_S) });
      players.add(userId);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          players.delete(userId);
        },
      };
    },
    /** Uploads running now (the metrics, and tests). */
    get running() {
      return players.size;
    },
  };
}
export type UploadGate = ReturnType<typeof createUploadGate>;
