import { describe, expect, test } from 'bun:test';
import { formatDate, formatDateTime, formatMoney, formatNumber } from './format';
import { inLang } from './request-lang';
import { m } from './paraglide/messages.js';
import { AppError } from '../lib/app-error';
import { envelope } from '../http/errors';

const AT = '2026-11-28T15:45:00Z';

describe('money, numbers and times in each language', () => {
  test('money as es-US writes it: $1,234.50, the same as English', () => {
    expect(formatMoney(123450, 'es')).toBe('$1,234.50');
    expect(formatMoney(123450, 'en')).toBe('$1,234.50');
    expect(formatMoney(-5, 'es')).toBe('-$0.05');
    expect(formatNumber(1000000, 'es')).toBe('1,000,000');
  });
  test('dates and times in Spanish on the 12-hour clock', () => {
    expect(formatDateTime(AT, { lang: 'es' })).toBe('28 nov 2026, 3:45 p.m. UTC');
    expect(formatDateTime(AT, { lang: 'en' })).toBe('Nov 28, 2026, 3:45 PM UTC');
    expect(formatDateTime(AT, { lang: 'es', timeZone: 'America/Chicago' })).toBe('28 nov 2026, 9:45 a.m.');
    expect(formatDate(AT, { lang: 'es' })).toBe('28 de noviembre de 2026');
  });
  test('without a language given: the current one', () => {
    expect(inLang('es', () => formatDateTime(AT))).toBe('28 nov 2026, 3:45 p.m. UTC');
    expect(formatDateTime(AT)).toBe('Nov 28, 2026, 3:45 PM UTC');
  });
});

describe('plural forms', () => {
  test("Spanish's one, many and other: 1,000,000 is many", () => {
    expect(new Intl.PluralRules('es').resolvedOptions().pluralCategories.sort()).toEqual(['many', 'one', 'other']);
    const say = (count: number): string => m.errors_too_many_seconds({ count }, { locale: 'es' });
    expect(say(1)).toBe('Demasiados intentos. Vuelve a intentarlo en 1 segundo.');
    expect(say(2)).toBe('Demasiados intentos. Vuelve a intentarlo en 2 segundos.');
    expect(say(1000000)).toBe('Demasiados intentos. Vuelve a intentarlo en 1000000 de segundos.');
    expect(say(1000001)).toBe('Demasiados intentos. Vuelve a intentarlo en 1000001 segundos.');
    expect(String(m.errors_too_many_seconds({ count: 1 }, { locale: 'en' }))).toBe('Too many attempts. Try again in 1 second.');
    expect(String(m.errors_too_many_seconds({ count: 1000000 }, { locale: 'en' }))).toBe('Too many attempts. Try again in 1000000 seconds.');
  });
});

describe('a service error said later, in the request\'s language', () => {
  test('the English stays its message; the envelope says it in the language asked; errorType and fields stay', () => {
    const e = AppError.tooMany(90);
    expect(e.message).toBe('Too many attempts. Try again in 2 minutes.');
    expect(envelope(e, 'es')).toEqual({ success: false, message: 'Demasiados intentos. Vuelve a intentarlo en 2 minutos.', errorType: 'RATE_LIMITED' });
    expect(inLang('es', () => envelope(e).message)).toBe('Demasiados intentos. Vuelve a intentarlo en 2 minutos.');
    expect(envelope(e).message).toBe('Too many attempts. Try again in 2 minutes.');
  });
});
