import { Elysia } from 'elysia';
import { AppError } from '../lib/app-error';
import type { Logger } from '../lib/logger';
import { redactMessage } from '../lib/redact';
import { requestIdOf } from './request-context';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });

export function envelope(e: AppError) {
  return { success: false, message: e.message, ...(e.errorType && { errorType: e.errorType }), ...(e.errors && { errors: e.errors }), ...(e.link && { link: e.link }) };
}

/** The one place errors become responses: the API envelope, never a stack trace. */
export const errorsPlugin = (logger: Logger) =>
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
      logger.error('unhandled', { requestId, error: error instanceof Error ? error.name + ': ' + redactMessage(error.message, 200) : 'unknown' });
      return json(500, { success: false, message: 'Something went wrong. Please try again.', requestId });
    });
