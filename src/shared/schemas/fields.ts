// Field rules shared by the API and the islands, so the browser and the server say the same thing.
// Each check takes untrusted input and returns { field: message } with the first failure per field.

export type FieldErrors = Record<string, string>;

export const str = (v: unknown): string => (typeof v === 'string' ? v : '');

// One at-sign, no spaces, a dot after the at-sign; 254 is the longest address SMTP carries.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (v: string) => v.length <= 254 && EMAIL.test(v);

/** Strings that would only ever be typed by a script: control characters or absurd length. */
export const hasControlChars = (v: string) => /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(v);

// RFC 5322 atoms before the @ and letter-digit-hyphen labels after it: no quotes, brackets, markup,
// invisible characters or non-ASCII look-alikes in an address that names an account.
const PLAIN_EMAIL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;
export const isPlainEmail = (v: string) => PLAIN_EMAIL.test(v);

/** A person's name: letters of any script with spaces, apostrophes, dots and hyphens between them. */
export const isPlainName = (v: string) => /^[\p{L}\p{M}][\p{L}\p{M} '\u2019.-]*$/u.test(v);

export const PASSWORD_MAX = 128;

export function firstError(errors: FieldErrors): string | undefined {
  return Object.values(errors)[0];
}
