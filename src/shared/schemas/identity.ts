import type { FieldErrors } from './fields';
import { m } from '../../i18n/paraglide/messages.js';

// The identity form's rules, said the same by the form before it uploads anything and by the server after.

export const MIN_AGE = 21;
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** Whole years between a YYYY-MM-DD birth date and `now` (UTC), or null when the date is not a real one. */
export function ageOn(dateOfBirth: string, now: number): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const born = new Date(Date.UTC(y, mo - 1, d));
  if (born.getUTCFullYear() !== y || born.getUTCMonth() !== mo - 1 || born.getUTCDate() !== d) return null;
  const today = new Date(now);
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() < mo - 1 || (today.getUTCMonth() === mo - 1 && today.getUTCDate() < d)) age--;
  return age;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

export type IdentityDetails = { legalName?: unknown; dateOfBirth?: unknown; addressLine1?: unknown; addressLine2?: unknown; city?: unknown; state?: unknown; postalCode?: unknown; idType?: unknown };

/** The written details: each field's message, or none. `states` and `idTypes` are the codes the form offers. */
export function checkIdentityDetails(input: IdentityDetails, now: number, known: { states: readonly string[]; idTypes: readonly string[] }): FieldErrors {
  const e: FieldErrors = {};
  const legalName = text(input.legalName).replace(/\s+/g, ' ');
  if (legalName.length < 3 || legalName.length > 120 || !legalName.includes(' ')) e.legalName = m.fields_legal_name();
  const age = ageOn(text(input.dateOfBirth), now);
  if (age === null || age > 120) e.dateOfBirth = m.fields_birth_date();
  else if (age < MIN_AGE) e.dateOfBirth = m.fields_too_young({ age: MIN_AGE });
  const line1 = text(input.addressLine1);
  if (line1.length < 3 || line1.length > 200) e.addressLine1 = m.fields_street();
  if (text(input.addressLine2).length > 200) e.addressLine2 = m.fields_address_line2_long();
  const city = text(input.city);
  if (city.length < 2 || city.length > 100) e.city = m.fields_city();
  if (!known.states.includes(text(input.state).toUpperCase())) e.state = m.fields_us_state();
  if (!/^\d{5}(-\d{4})?$/.test(text(input.postalCode))) e.postalCode = m.fields_zip();
  if (!known.idTypes.includes(text(input.idType))) e.idType = m.fields_id_type();
  return e;
}

// Each message is said in the page's language in an island and the request's in the API (src/i18n); the English
// constants stay for the code and tests that name them.
export const FILE_TOO_LARGE = 'This file is larger than 10 MB. Upload a smaller photo or scan.';
export const NOT_A_DOCUMENT = 'Upload a JPEG, PNG or PDF file.';
/** The selfie is a photo: a scan format is refused for it (the operator compares a face). */
export const NOT_A_PHOTO = 'Upload a photo of yourself: a JPEG or PNG file.';
export const fileMissing = (part: string): string => (part === 'selfie' ? m.fields_selfie_missing() : part === 'back' ? m.fields_id_back_missing() : m.fields_id_front_missing());
/** The file messages in the current language (the constants above are their English). */
export const fileTooLarge = (): string => m.fields_file_too_large();
export const notADocument = (): string => m.fields_not_a_document();
export const notAPhoto = (): string => m.fields_not_a_photo();
