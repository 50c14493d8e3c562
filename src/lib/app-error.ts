export type FieldError = { field: string; message: string };

/** A failure the client may see: an honest status, a stable errorType and field messages. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errorType?: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
    /** A page of this site where the player can put it right (the identity check's refusals). */
    readonly link?: string,
  ) {
    super(message);
  }

  static invalid(errors: FieldError[], message = errors[0]?.message ?? 'Invalid input') {
    return new AppError(400, message, 'VALIDATION_ERROR', errors);
  }
  static unauthorized(message = 'Please log in to continue.') {
    return new AppError(401, message, 'UNAUTHORIZED');
  }
  static forbidden(message = 'You are not allowed to do that.', errorType = 'FORBIDDEN') {
    return new AppError(403, message, errorType);
  }
  static notFound(message = 'Not found') {
    return new AppError(404, message, 'NOT_FOUND');
  }
  static conflict(message: string, errorType = 'CONFLICT') {
    return new AppError(409, message, errorType);
  }
  static tooMany(retryAfterSeconds: number) {
    return new AppError(429, `Too many attempts. ${tryAgainIn(retryAfterSeconds)}`, 'RATE_LIMITED', undefined, {
      'retry-after': String(retryAfterSeconds),
    });
  }
}

/** 'Try again in 14 minutes.': whole minutes rounded up, seconds under a minute, so the wait is never understated. */
export function tryAgainIn(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `Try again in ${s} second${s === 1 ? '' : 's'}.`;
  const m = Math.ceil(s / 60);
  return `Try again in ${m} minute${m === 1 ? '' : 's'}.`;
}
