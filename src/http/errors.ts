import { Elysia } from 'elysia';
import { AppError } from '../lib/app-error';
import type { Logger } from '../lib/logger';
import { redactMessage } from '../lib/redact';
import type { StorageFaults } from '../lib/storage-faults';
import { requestIdOf } from './request-context';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });

export function envelope(e: AppError) {
  return { success: false, message: e.message, ...(e.errorType && { errorType: e.errorType }), ...(e.errors && { errors: e.errors }), ...(e.link && { link: e.link }) };
}

const CANNOT_SAVE = 'The site cannot save anything right now. Please try again in a few minutes.';

/**
 * The one place errors become responses: the API envelope, never a stack trace. A database that cannot write is a
 * 503 that says so, logged once per incident (lib/storage-faults.ts), not a 500 and a line per request.
 */
export const errorsPlugin = (logger: Logger, faults?: StorageFaults) =>
  new Elysia({ name: 'errors' })
    .error({ AppError })
    .onError({ as: 'global' }, ({ code, error, request }) => {
      if (error instanceof AppError) return json(error.status, envelope(error), error.headers);
      if (code === 'PARSE') return json(400, envelope(AppError.invalid([{ field: 'body', message: 'Request body must be valid JSON' }])));
      if (code === 'VALIDATION') return json(400, envelope(AppError.invalid([{ field: 'body', message: 'Invalid input' }])));
      if (code === 'NOT_FOUND') {
        const path = new URL(request.url).pathname;
        if (path.startsWith('/api/')) return json(404, envelope(AppError.notFound()));
        // Unknown page paths go home (spec §2).
        return new Response(null, { status: 302, headers: { location: '/' } });
      }
      const requestId = requestIdOf(request) ?? '-';
      if (faults?.note(error)) return json(503, { success: false, message: CANNOT_SAVE, errorType: 'STORAGE_UNAVAILABLE', requestId }, { 'retry-after': '60' });
      logger.error('unhandled', { requestId, error: error instanceof Error ? error.name + ': ' + redactMessage(error.message, 200) : 'unknown' });
      return json(500, { success: false, message: 'Something went wrong. Please try again.', requestId });
    });
