// API messages and e-mails in the player's language; errorType and field names never change.
import { describe, expect, test } from 'bun:test';
import { BASE, call, makeApp, SAME_ORIGIN, type TestApp } from '../../tests/helpers/app';
import { registration, rows, waitForMail } from '../../tests/helpers/accounts';
import { createPlayer, formTokenOf } from '../../tests/helpers/players';
import { captchaAnswerHash, captchaKey, CAPTCHA_TTL_MS } from '../services/auth/captcha';

const setLang = (app: TestApp, userId: string, lang: string | null) =>
  app.deps.database.client.execute({ sql: 'UPDATE users SET language = ? WHERE id = ?', args: [lang, userId] });

describe('API messages', () => {
  test('a field check in Spanish for a Spanish page\'s call (cookie), the same errorType and field', async () => {
    const app = await makeApp();
    const es = await call(app, 'POST', '/api/v1/register', registration('', { password: 'short' }), { headers: { cookie: 'lang=es' } });
    const en = await call(app, 'POST', '/api/v1/register', registration('', { password: 'short' }));
    expect(es.status).toBe(400);
    expect(es.json.errorType).toBe(en.json.errorType);
    expect(es.json.errors.map((e: { field: string }) => e.field)).toEqual(en.json.errors.map((e: { field: string }) => e.field));
    expect(es.json.errors).toContainEqual({ field: 'email', message: 'El correo electrónico es obligatorio' });
    expect(es.json.errors).toContainEqual({ field: 'password', message: 'La contraseña debe tener al menos 8 caracteres' });
    expect(es.json.message).toBe('El correo electrónico es obligatorio');
    expect(en.json.errors).toContainEqual({ field: 'email', message: 'Email is required' });
  });

  test("a service's error (wrong password) in the request's language, errorType unchanged", async () => {
    const app = await makeApp();
    const p = await createPlayer(app);
    const body = { email: p.email, password: 'Wrong12345', userType: 'USER' };
    const es = await call(app, 'POST', '/api/v1/login', body, { headers: { 'accept-language': 'es-MX' } });
    expect(es.status).toBe(401);
    expect(es.json).toEqual({ success: false, message: 'Correo o contraseña incorrectos. Inténtalo de nuevo.', errorType: 'INVALID_CREDENTIALS' });
    const en = await call(app, 'POST', '/api/v1/login', body);
    expect(en.json).toEqual({ success: false, message: 'Invalid email or password. Please try again.', errorType: 'INVALID_CREDENTIALS' });
    const ok = await call(app, 'POST', '/api/v1/login', { ...body, password: p.password }, { headers: { cookie: 'lang=es' } });
    expect(ok.json.message).toBe('Sesión iniciada');
  });

  test("a cookie session speaks the player's saved language; a bearer client speaks its Accept-Language", async () => {
    const app = await makeApp();
    const p = await createPlayer(app);
    await setLang(app, p.userId, 'es');
    const bad = { name: 'x', phoneNo: '12', email: p.email };
    const cookie = await call(app, 'PATCH', '/api/v1/user/update-profile', bad, { headers: { cookie: `token=${p.token}`, 'accept-language': 'en-US' } });
    expect(cookie.status).toBe(400);
    expect(cookie.json.errorType).toBe('VALIDATION_ERROR');
    expect(cookie.json.errors).toContainEqual({ field: 'name', message: 'El nombre debe tener entre 2 y 50 caracteres' });
    const bearerEn = await call(app, 'PATCH', '/api/v1/user/update-profile', bad, { token: p.token, headers: { 'accept-language': 'en-US', cookie: 'lang=es' } });
    expect(bearerEn.json.errors).toContainEqual({ field: 'name', message: 'Name should be 2 to 50 characters long' });
    const bearerEs = await call(app, 'PATCH', '/api/v1/user/update-profile', bad, { token: p.token, headers: { 'accept-language': 'es' } });
    expect(bearerEs.json.errors).toContainEqual({ field: 'phoneNo', message: 'El número de teléfono debe tener entre 10 y 15 dígitos' });
    expect(bearerEs.json.errorType).toBe('VALIDATION_ERROR');
  });

  test('the generic answers too: not found, not signed in, a body that is not JSON', async () => {
    const app = await makeApp();
    const h = { headers: { 'accept-language': 'es' } };
    expect((await call(app, 'GET', '/api/v1/nothing-here', undefined, h)).json).toEqual({ success: false, message: 'No se encontró', errorType: 'NOT_FOUND' });
    expect((await call(app, 'GET', '/api/v1/user/details', undefined, h)).json).toEqual({ success: false, message: 'Tu sesión venció. Vuelve a iniciar sesión.', errorType: 'UNAUTHORIZED' });
    expect((await call(app, 'POST', '/api/v1/login', '{not json', h)).json.errors).toEqual([{ field: 'body', message: 'El cuerpo de la solicitud debe ser JSON válido' }]);
  });
});

describe('the saved language', () => {
  test('registering from a Spanish page saves Spanish, and the verification mail is in Spanish', async () => {
    const app = await makeApp();
    const r = await call(app, 'POST', '/api/v1/register', registration('nuevo@example.com'), { headers: { cookie: 'lang=es' } });
    expect(r.json.message).toBe('¡Listo, ya te registraste! Revisa tu correo para verificar tu cuenta.');
    expect((await rows(app, 'SELECT language FROM users'))[0]!.language).toBe('es');
    const mail = await waitForMail(app, 'nuevo@example.com');
    expect(mail.subject).toBe('Verifica tu cuenta de Coinreel');
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.html).toContain('Verificar correo');
    expect(mail.text).toContain('¿Preguntas?');
    expect(mail.text).not.toContain('Questions?');
  });

  test('the plain register form (no script) of a Spanish page: Spanish saved, the next page says so in Spanish', async () => {
    const app = await makeApp();
    const form = new URLSearchParams({ email: 'sinscript@example.com', password: 'Clave-Segura-2026', 'ref-friend': 'on', termsAccepted: 'on', ageConfirmed: 'on' });
    const post = await app.handle(new Request(`${BASE}/register`, { method: 'POST', body: form, redirect: 'manual',
      headers: { ...SAME_ORIGIN, 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'es-US' } }));
    expect(post.status).toBe(303);
    expect((await rows(app, 'SELECT language FROM users'))[0]!.language).toBe('es');
    const flash = post.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const next = await (await app.handle(new Request(`${BASE}${post.headers.get('location')}`, { headers: { cookie: flash, 'accept-language': 'es-US' } }))).text();
    expect(next).toContain('¡Registro completado! Te enviamos un enlace de verificación a sinscript@example.com.');
    expect((await waitForMail(app, 'sinscript@example.com')).subject).toBe('Verifica tu cuenta de Coinreel');
  });

  test('registering from an English page saves English and mails in English; a client may name the page\'s language', async () => {
    const app = await makeApp();
    await call(app, 'POST', '/api/v1/register', registration('new@example.com'));
    expect((await waitForMail(app, 'new@example.com')).subject).toBe('Verify your Coinreel account');
    await call(app, 'POST', '/api/v1/register', registration('named@example.com', { language: 'es' }), { headers: { 'accept-language': 'en' } });
    expect((await waitForMail(app, 'named@example.com')).subject).toBe('Verifica tu cuenta de Coinreel');
    expect((await rows(app, 'SELECT email, language FROM users ORDER BY email')).map((u) => [u.email, u.language])).toEqual([['named@example.com', 'es'], ['new@example.com', 'en']]);
  });

  test('the reset mail follows the saved language, whatever page asked for it', async () => {
    const app = await makeApp();
    const p = await createPlayer(app);
    await setLang(app, p.userId, 'es');
    // A captcha whose answer the test knows (the picture is for eyes only), asked for by an English page.
    const { captchaId } = (await call(app, 'GET', '/api/v1/captcha')).json;
    await app.deps.store.set(captchaKey(captchaId), captchaAnswerHash(captchaId, 'AB12'), CAPTCHA_TTL_MS);
    const r = await call(app, 'POST', '/api/v1/forget-password', { email: p.email, captchaId, captcha: 'AB12' }, { headers: { 'accept-language': 'en' } });
    expect(r.status).toBe(200);
    const mail = await waitForMail(app, p.email);
    expect(mail.subject).toBe('Restablece tu contraseña de Coinreel');
    expect(mail.text).toContain('Restablecer contraseña: http://localhost:3000/reset-password/');
  });

  test('Profile Settings saves the language on the account and keeps it in the cookie; a bad value is refused in words', async () => {
    const app = await makeApp();
    const p = await createPlayer(app);
    const api = await call(app, 'PATCH', '/api/v1/user/language', { language: 'es' }, { headers: { cookie: `token=${p.token}` } });
    expect(api.json).toEqual({ success: true, message: 'Guardamos tu idioma.', language: 'es' });
    expect(api.headers.getSetCookie()).toContain('lang=es; Path=/; Max-Age=31536000; SameSite=Lax');
    expect((await rows(app, 'SELECT language FROM users WHERE id = ?', [p.userId]))[0]!.language).toBe('es');
    const bad = await call(app, 'PATCH', '/api/v1/user/language', { language: 'fr' }, { token: p.token });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual([{ field: 'language', message: 'Choose English or Spanish' }]);
    expect((await call(app, 'PATCH', '/api/v1/user/language', { language: 'en' })).status).toBe(401);
    // The plain form: saved, then the page again in that language.
    const form = new URLSearchParams({ _action: 'language', language: 'en', _token: formTokenOf(app, p) });
    const post = await app.handle(new Request(`${BASE}/profile-setting`, { method: 'POST', body: form, redirect: 'manual',
      headers: { ...SAME_ORIGIN, 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'content-type': 'application/x-www-form-urlencoded', cookie: `token=${p.token}; lang=es` } }));
    expect(post.status).toBe(303);
    expect(post.headers.getSetCookie()).toContain('lang=en; Path=/; Max-Age=31536000; SameSite=Lax');
    expect((await rows(app, 'SELECT language FROM users WHERE id = ?', [p.userId]))[0]!.language).toBe('en');
  });
});

