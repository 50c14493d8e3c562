import { m } from '../i18n/paraglide/messages.js';
import { isText, text, type Text } from '../i18n/text';

/** A field's message: text already in the request's language (a shared field check), or a `Text` said later. */
export type FieldError = { field: string; message: string; text?: Text };

/**
 * A failure the client may see: an honest status, a stable errorType and field messages. The message may be a
 * `Text` (src/i18n/text.ts): the error plugin says it in the request's language, and `.message` keeps its English,
 * so a service never needs to know who asked.
 */
export class AppError extends Error {
  /** The message to say in the request's language; absent: `message` as it is. */
  readonly text?: Text;
  constructor(
    readonly status: number,
    message: string | Text,
    readonly errorType?: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
    /** A page of this site where the player can put it right (the identity check's refusals). */
    readonly link?: string,
  ) {
    super(isText(message) ? message.render('en') : message);
    if (isText(message)) this.text = message;
  }

  static invalid(errors: FieldError[], message: string | Text = errors[0]?.text ?? errors[0]?.message ?? text(m.errors_invalid_input)) {
    return new AppError(400, message, 'VALIDATION_ERROR', errors);
  }
  static unauthorized(message: string | Text = text(m.errors_log_in)) {
    return new AppError(401, message, 'UNAUTHORIZED');
  }
  static forbidden(message: string | Text = text(m.errors_forbidden), errorType = 'FORBIDDEN') {
    return new AppError(403, message, errorType);
  }
  static notFound(message: string | Text = text(m.errors_not_found)) {
    return new AppError(404, message, 'NOT_FOUND');
  }
  static conflict(message: string | Text, errorType = 'CONFLICT') {
    return new AppError(409, message, errorType);
  }
  static tooMany(retryAfterSeconds: number) {
    return new AppError(429, tooManyText(retryAfterSeconds), 'RATE_LIMITED', undefined, {
      'retry-after': String(retryAfterSeconds),
    });
  }
}

/** A field's message to be said in the request's language. */
export const fieldText = (field: string, t: Text): FieldError => ({ field, message: t.render('en'), text: t });

/** 'Too many attempts. Try again in 14 minutes.', in the request's language. */
function tooManyText(seconds: number): Text {
  const s = Math.max(1, Math.ceil(seconds));
  return s < 60 ? text(m.errors_too_many_seconds, { count: s }) : text(m.errors_too_many_minutes, { count: Math.ceil(s / 60) });
}

/** tryAgainIn's words, said in the request's language. */
export function tryAgainText(seconds: number): Text {
  const s = Math.max(1, Math.ceil(seconds));
  return s < 60 ? text(m.api_try_again_seconds, { count: s }) : text(m.api_try_again_minutes, { count: Math.ceil(s / 60) });
}

/** 'Try again in 14 minutes.': whole minutes rounded up, seconds under a minute, so the wait is never understated. */
export function tryAgainIn(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `Try again in ${s} second${s === 1 ? '' : 's'}.`;
  const m = Math.ceil(s / 60);
  return `Try again in ${m} minute${m === 1 ? '' : 's'}.`;
}
