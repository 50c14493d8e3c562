// A multipart form sent to the site's API with upload progress (XMLHttpRequest: fetch reports no upload progress).
// The session rides in the httpOnly cookie, as with every other call (islands/_client/api.ts).
import { API_BASE } from './api';

export type UploadAnswer = { status: number; json: Record<string, any> | null; retryAfter: string | null };

/** Sends `form`; `onProgress` hears the bytes sent of the total. Rejects only when the network fails. */
export function uploadForm(path: string, form: FormData, onProgress: (sent: number, total: number) => void): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const x = new XMLHttpRequest();
    x.open('POST', API_BASE + path);
    x.setRequestHeader('accept', 'application/json');
    x.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded, e.total);
    };
    x.onload = () => {
      let json: Record<string, any> | null = null;
      try {
        const parsed: unknown = JSON.parse(x.responseText);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) json = parsed as Record<string, any>;
      } catch {
        // Not JSON: the status alone speaks.
      }
      resolve({ status: x.status, json, retryAfter: x.getResponseHeader('retry-after') });
    };
    x.onerror = () => reject(new TypeError('network'));
    x.onabort = () => reject(new TypeError('aborted'));
    x.send(form);
  });
}
