import { Elysia } from 'elysia';
import { AppError, fieldText } from '../lib/app-error';
import type { Logger } from '../lib/logger';
import { redactMessage } from '../lib/redact';
import type { StorageFaults } from '../lib/storage-faults';
import { requestIdOf } from './request-context';
import { currentLang } from '../i18n/request-lang';
import { text } from '../i18n/text';
import type { Lang } from '../i18n/lang';
import { m } from '../i18n/paraglide/messages.js';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });

/**
 * The API's error body, in the request's language: an error's and each field's `Text` are said in it (English when
 * there is no request); `errorType` and field names never change.
 */
export function envelope(e: AppError, lang: Lang = currentLang()) {
  const errors = e.errors?.map((f) => ({ field: f.field, message: f.text ? f.text.render(lang) : f.message }));
  const message = e.text ? e.text.render(lang) : e.message;
  return { success: false, message, ...(e.errorType && { errorType: e.errorType }), ...(errors && { errors }), ...(e.link && { link: e.link }) };
}

/**
 * The one place errors become responses: the API envelope, never a stack trace. A database that cannot write is a
 * 503 that says so, logged once per incident (lib/storage-faults.ts), not a 500 and a line per request.
 */
export const errorsPlugin = (logger: Logger, faults?: StorageFaults) =>
  new Elysia({ name: 'errors' })
    .error({ AppError })
    .onError({ as: 'global' }, ({ code, error, request }) => {
      if (error instanceof AppError) return json(error.status, envelope(error), error.headers);
      if (code === 'PARSE') return json(400, envelope(AppError.invalid([fieldText('body', text(m.errors_body_json))])));
      if (code === 'VALIDATION') return json(400, envelope(AppError.invalid([fieldText('body', text(m.errors_invalid_input))])));
      if (code === 'NOT_FOUND') {
        const path = new URL(request.url).pathname;
        if (path.startsWith('/api/')) return json(404, envelope(AppError.notFound()));
        // Unknown page paths go home (spec §2).
        return new Response(null, { status: 302, headers: { location: '/' } });
      }
      const requestId = requestIdOf(request) ?? '-';
      if (faults?.note(error)) return json(503, { success: false, message: m.errors_cannot_save(), errorType: 'STORAGE_UNAVAILABLE', requestId }, { 'retry-after': '60' });
      logger.error('unhandled', { requestId, error: error instanceof Error ? error.name + ': ' + redactMessage(error.message, 200) : 'unknown' });
      return json(500, { success: false, message: m.errors_something_wrong(), requestId });
    });
