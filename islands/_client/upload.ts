// A multipart upload to the site's API with progress, which fetch cannot report: XMLHttpRequest's upload events.
import { API_BASE } from './api';

export type UploadAnswer = { status: number; json: Record<string, any> | null };

/** Posts `body` to /api/v1`path`; `onProgress` gets 0..1 as the bytes leave. Rejects only when nothing came back. */
export function upload(path: string, body: FormData, onProgress: (fraction: number) => void): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', API_BASE + path);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
    };
    xhr.onload = () => {
      let json: Record<string, any> | null = null;
      try {
        const parsed: unknown = JSON.parse(xhr.responseText);
        json = parsed && typeof parsed === 'object' ? (parsed as Record<string, any>) : null;
      } catch {
        json = null;
      }
      resolve({ status: xhr.status, json });
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.onabort = () => reject(new Error('aborted'));
    xhr.send(body);
  });
}
