// The question captcha in Spanish: asked in the page's language, answered in digits or in either language's words.
import { describe, expect, test } from 'bun:test';
import { call, makeApp } from '../../../tests/helpers/app';
import { createPlayer } from '../../../tests/helpers/players';
import { normalizeAnswer, randomQuestion } from './captcha-question';

const ES = ['cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez'];
const solve = (q: string) => {
  const m = /^¿Cuánto es (\p{L}+) (más|menos) (\p{L}+)\?$/u.exec(q)!;
  const [a, b] = [ES.indexOf(m[1]!), ES.indexOf(m[3]!)];
  return m[2] === 'más' ? a + b : a - b;
};

describe('the question captcha in Spanish', () => {
  test('asks a sum in Spanish words whose answer is the one kept', () => {
    for (let i = 0; i < 200; i++) {
      const { question, answer } = randomQuestion('es');
      expect(question).toMatch(/^¿Cuánto es \p{L}+ (más|menos) \p{L}+\?$/u);
      expect(String(solve(question))).toBe(answer);
    }
  });

  test('reads an answer in Spanish words, with or without accents, as well as English words and digits', () => {
    expect(['once', ' Once. ', 'dieciséis', 'dieciseis', 'DIECISÉIS', 'cero', 'sixteen', '16'].map(normalizeAnswer)).toEqual(['11', '11', '16', '16', '16', '0', '16', '16']);
    expect(normalizeAnswer('veinte')).toBe('veinte');
  });

  test("GET /captcha?kind=question asks in the request's language, and a Spanish answer in words resets the password", async () => {
    const app = await makeApp();
    const p = await createPlayer(app);
    const en = await call(app, 'GET', '/api/v1/captcha?kind=question');
    expect(en.json.question).toMatch(/^What is [a-z]+ (plus|minus) [a-z]+\?$/);
    const es = await call(app, 'GET', '/api/v1/captcha?kind=question', undefined, { headers: { 'accept-language': 'es-US' } });
    expect(es.json.question).toMatch(/^¿Cuánto es \p{L}+ (más|menos) \p{L}+\?$/u);
    const words = ['cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'once', 'doce', 'trece', 'catorce', 'quince', 'dieciséis', 'diecisiete', 'dieciocho'];
    const r = await call(app, 'POST', '/api/v1/forget-password', { email: p.email, captchaId: es.json.captchaId, captcha: words[solve(es.json.question)] }, { headers: { 'accept-language': 'es-US' } });
    expect(r.json).toEqual({ success: true, message: 'Si existe una cuenta con este correo, te enviamos un enlace para restablecer la contraseña.' });
  });
});
