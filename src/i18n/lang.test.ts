import { describe, expect, test } from 'bun:test';
import { chooseLang, chooseForRequest, langCookie } from './choose';
import { langFromAcceptLanguage, langFromCookie, langFromQuery } from './lang';

describe('choosing the language, in order', () => {
  const all = { search: '?lang=en', cookie: 'lang=es', saved: 'en', acceptLanguage: 'es-US' };
  test('?lang= on the page comes first', () => {
    expect(chooseLang(all)).toEqual({ lang: 'en', from: 'query' });
    expect(chooseLang({ ...all, search: '?next=%2Fhome&lang=es', cookie: 'lang=en' })).toEqual({ lang: 'es', from: 'query' });
  });
  test('then the lang cookie', () => {
    expect(chooseLang({ ...all, search: '' })).toEqual({ lang: 'es', from: 'cookie' });
    expect(chooseLang({ ...all, search: '?lang=fr' })).toEqual({ lang: 'es', from: 'cookie' });
  });
  test('then the signed-in player\'s saved language', () => {
    expect(chooseLang({ ...all, search: '', cookie: 'token=abc' })).toEqual({ lang: 'en', from: 'saved' });
    expect(chooseLang({ saved: 'es', acceptLanguage: 'en-US' })).toEqual({ lang: 'es', from: 'saved' });
  });
  test('then Accept-Language', () => {
    expect(chooseLang({ cookie: 'token=abc; lang=fr', saved: null, acceptLanguage: 'es-MX,es;q=0.9' })).toEqual({ lang: 'es', from: 'header' });
    expect(chooseLang({})).toEqual({ lang: 'en', from: 'header' });
  });
  test('a bearer client is answered by Accept-Language alone', () => {
    expect(chooseLang({ ...all, bearer: true })).toEqual({ lang: 'es', from: 'header' });
    expect(chooseLang({ ...all, acceptLanguage: 'en-US', bearer: true })).toEqual({ lang: 'en', from: 'header' });
  });
  test('from a request: its query, cookie and headers; a bearer token means Accept-Language only', () => {
    const req = (url: string, headers: Record<string, string>) => new Request(`http://localhost${url}`, { headers });
    expect(chooseForRequest(req('/about-us?lang=es', { 'accept-language': 'en' }))).toEqual({ lang: 'es', from: 'query' });
    expect(chooseForRequest(req('/about-us', { cookie: 'a=1; lang=es', 'accept-language': 'en' }))).toEqual({ lang: 'es', from: 'cookie' });
    expect(chooseForRequest(req('/api/v1/user/details', { authorization: 'Bearer x', cookie: 'lang=es', 'accept-language': 'en-US' }))).toEqual({ lang: 'en', from: 'header' });
  });
});

describe('Accept-Language', () => {
  test.each([
    ['es', 'es'], ['es-US', 'es'], ['es-419,es;q=0.9', 'es'], ['ES-mx', 'es'], ['fr-FR, es;q=0.8', 'es'], ['de, fr', 'en'],
    ['en-US,en;q=0.9,es;q=0.8', 'en'], ['en;q=0.5, es;q=0.9', 'es'], ['es;q=0, en;q=0.1', 'en'], ['', 'en'], ['*', 'en'], ['espanol', 'en'],
  ])('%p → %p', (header, lang) => {
    expect(langFromAcceptLanguage(header)).toBe(lang as 'en' | 'es');
  });
});

describe('the cookie and the query', () => {
  test('only en and es count, and only a cookie named lang', () => {
    expect(langFromCookie('lang=es')).toBe('es');
    expect(langFromCookie('token=x; lang=en; other=1')).toBe('en');
    expect(langFromCookie('lang=fr')).toBeNull();
    expect(langFromCookie('xlang=es')).toBeNull();
    expect(langFromQuery('?lang=es')).toBe('es');
    expect(langFromQuery('?lang=ES')).toBeNull();
    expect(langFromQuery('?flang=es')).toBeNull();
  });
  test('the cookie is kept a year, for the whole site, and Secure behind HTTPS', () => {
    expect(langCookie('es', false)).toBe('lang=es; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(langCookie('en', true)).toBe('lang=en; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
  });
});
