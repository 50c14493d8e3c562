// Every API area refuses in the player's language: a cookie session of a player who saved Spanish (whatever the
// browser's Accept-Language), and a bearer client that asks for Spanish. The errorType, the status and the field
// names stay what English gets; only the words change.
import { beforeAll, describe, expect, test } from 'bun:test';
import { call, makeApp, type TestApp } from '../../tests/helpers/app';
import { createPlayer, type TestPlayer } from '../../tests/helpers/players';
import { fund } from '../../tests/helpers/money';

const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';

type Answer = { status: number; json: { success: boolean; message: string; errorType?: string; errors?: { field: string; message: string }[] } };
type Case = {
  area: string; what: string; method: string; path: (ctx: Ctx) => string; body?: (ctx: Ctx) => unknown;
  status: number; errorType: string;
  /** Open to visitors: no session is looked up, so the browser's Spanish is its `lang` cookie (Profile Settings sets it). */
  open?: boolean;
  /** The Spanish message, and the Spanish of each field named (the same fields English names). */
  es: string; fields?: Record<string, string>;
};
type Ctx = { me: TestPlayer; other: TestPlayer };

const CASES: Case[] = [
  // Wallet: sending credits, freeplay, receipts, history.
  { area: 'wallet', what: 'a send to oneself', method: 'POST', path: () => '/api/v1/transfer/p2p-transfer', body: (c) => ({ email: c.me.email, amount: 5 }),
    status: 400, errorType: 'VALIDATION_ERROR', es: 'No puedes enviarte créditos a tu propia cuenta.', fields: { email: 'No puedes enviarte créditos a tu propia cuenta.' } },
  { area: 'wallet', what: 'a send to no player', method: 'POST', path: () => '/api/v1/transfer/p2p-transfer', body: () => ({ email: 'nadie@example.com', amount: 5 }),
    status: 404, errorType: 'RECEIVER_NOT_FOUND', es: 'No encontramos a ningún jugador verificado con este correo electrónico.',
    fields: { email: 'No encontramos a ningún jugador verificado con este correo electrónico.' } },
  { area: 'wallet', what: "a send's field checks", method: 'POST', path: () => '/api/v1/transfer/p2p-transfer', body: () => ({ email: 'no-at-sign', amount: '' }),
    status: 400, errorType: 'VALIDATION_ERROR', es: 'Escribe un correo electrónico válido.', fields: { email: 'Escribe un correo electrónico válido.', amount: 'El monto es obligatorio.' } },
  { area: 'wallet', what: 'a send above the balance', method: 'POST', path: () => '/api/v1/transfer/p2p-transfer', body: (c) => ({ email: c.other.email, amount: 500 }),
    status: 409, errorType: 'INSUFFICIENT_FUNDS', es: 'Saldo insuficiente' },
  { area: 'wallet', what: 'an unknown freeplay code', method: 'POST', path: () => '/api/v1/freeplay/redeem', body: () => ({ code: 'NO-SUCH-CODE' }),
    status: 404, errorType: 'FREEPLAY_UNKNOWN', es: 'Este código no es válido.', fields: { code: 'Este código no es válido.' } },
  { area: 'wallet', what: 'an empty freeplay code', method: 'POST', path: () => '/api/v1/freeplay/redeem', body: () => ({ code: ' ' }),
    status: 400, errorType: 'VALIDATION_ERROR', es: 'Escribe un código válido', fields: { code: 'Escribe un código válido' } },
  { area: 'wallet', what: 'a receipt that does not exist', method: 'GET', path: () => '/api/v1/transfer/receipt/CR-NOPE0000',
    status: 404, errorType: 'NOT_FOUND', es: 'No existe esa transferencia.' },
  { area: 'history', what: 'an unknown history type', method: 'GET', path: () => '/api/v1/transaction/transaction-List/NOPE',
    status: 400, errorType: 'VALIDATION_ERROR', es: 'type debe ser ALL o uno de estos: TRANSFER, REDEEM, DEPOSIT, WITHDRAW, P2P, FREEPLAY, ADJUSTMENT',
    fields: { type: 'type debe ser ALL o uno de estos: TRANSFER, REDEEM, DEPOSIT, WITHDRAW, P2P, FREEPLAY, ADJUSTMENT' } },
  { area: 'history', what: 'a page past the limit', method: 'GET', path: () => '/api/v1/notification?limit=500',
    status: 400, errorType: 'VALIDATION_ERROR', es: 'limit debe ser un número entero de 1 a 100', fields: { limit: 'limit debe ser un número entero de 1 a 100' } },
  // Deposits.
  { area: 'deposits', what: 'a zero deposit', method: 'POST', path: () => '/api/v1/btc/create-deposit-request', body: () => ({ amount: '0' }),
    status: 400, errorType: 'VALIDATION_ERROR', es: 'Escribe un monto válido mayor que 0', fields: { amount: 'Escribe un monto válido mayor que 0' } },
  { area: 'deposits', what: 'a deposit below the smallest', method: 'POST', path: () => '/api/v1/btc/create-deposit-request', body: () => ({ amount: '0.50' }),
    status: 400, errorType: 'VALIDATION_ERROR', es: 'El depósito mínimo es de $1.00.', fields: { amount: 'El depósito mínimo es de $1.00.' } },
  { area: 'deposits', what: 'a deposit that is not theirs', method: 'GET', path: () => '/api/v1/btc/deposit/nope',
    status: 404, errorType: 'NOT_FOUND', es: 'No se encontró el depósito' },
  // Withdrawals and the withdrawal review.
  { area: 'withdrawals', what: 'a withdrawal without an address', method: 'POST', path: () => '/api/v1/withdraw/withdraw-request', body: () => ({ currency: 'BTC-CHAIN', wallet_address: '', amount: 150 }),
    status: 400, errorType: 'VALIDATION_ERROR', es: 'La dirección de la billetera es obligatoria', fields: { wallet_address: 'La dirección de la billetera es obligatoria' } },
  { area: 'withdrawals', what: 'an on-chain withdrawal under its minimum', method: 'POST', path: () => '/api/v1/withdraw/withdraw-request', body: () => ({ currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 50 }),
    status: 400, errorType: 'VALIDATION_ERROR', es: 'El retiro on-chain mínimo es de $100.', fields: { amount: 'El retiro on-chain mínimo es de $100.' } },
  { area: 'withdrawals', what: 'an address of another network', method: 'POST', path: () => '/api/v1/withdraw/withdraw-request',
    body: () => ({ currency: 'BTC-CHAIN', wallet_address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', amount: 150 }),
    status: 400, errorType: 'VALIDATION_ERROR', es: 'Esta es una dirección de Bitcoin testnet; aquí los retiros van a direcciones de Bitcoin regtest.',
    fields: { wallet_address: 'Esta es una dirección de Bitcoin testnet; aquí los retiros van a direcciones de Bitcoin regtest.' } },
  { area: 'withdrawals', what: 'a withdrawal and tip the wallet does not cover', method: 'POST', path: () => '/api/v1/withdraw/withdraw-request',
    body: () => ({ currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 150, tip: 5 }),
    status: 409, errorType: 'INSUFFICIENT_FUNDS', es: 'El saldo de tu billetera no alcanza para este retiro y su propina.' },
  { area: 'withdrawals', what: 'a withdrawal that is not theirs', method: 'GET', path: () => '/api/v1/withdraw/nope',
    status: 404, errorType: 'NOT_FOUND', es: 'No se encontró el retiro' },
  { area: 'withdrawals', what: 'a confirmation without its review', method: 'POST', path: () => '/api/v1/withdraw/confirm',
    body: () => ({ currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 150, review: 'made-up' }),
    status: 409, errorType: 'REVIEW_CHANGED', es: 'Revisa este retiro antes de confirmarlo.' },
  // Games.
  { area: 'games', what: "a game move's field checks", method: 'POST', path: () => '/api/v1/transfer/transfer-data-request', body: () => ({}),
    status: 400, errorType: 'VALIDATION_ERROR', es: 'El juego es obligatorio',
    fields: { gameId: 'El juego es obligatorio', userName: 'El nombre de usuario es obligatorio', amount: 'Escribe un monto válido' } },
  { area: 'games', what: 'a move to a game that does not exist', method: 'POST', path: () => '/api/v1/transfer/transfer-data-request', body: () => ({ gameId: 'nope', userName: 'someone', amount: 5 }),
    status: 404, errorType: 'GAME_NOT_FOUND', es: 'No se encontró el juego.', fields: { gameId: 'No se encontró el juego.' } },
  { area: 'games', what: 'a game password too short', method: 'PUT', path: () => '/api/v1/game/password/request-reset/nope', body: () => ({ requestedPassword: 'abc' }),
    status: 400, errorType: 'VALIDATION_ERROR', es: 'La contraseña debe tener al menos 5 caracteres.', fields: { requestedPassword: 'La contraseña debe tener al menos 5 caracteres.' } },
  // Identity.
  { area: 'identity', what: 'tax details left empty', method: 'POST', path: () => '/api/v1/identity/tax-details', body: () => ({}),
    status: 400, errorType: 'VALIDATION_ERROR', es: 'Escribe un SSN o ITIN válido de 9 dígitos',
    fields: { tin: 'Escribe un SSN o ITIN válido de 9 dígitos', confirmed: 'Confirma que este número es correcto', currentPassword: 'La contraseña actual es obligatoria' } },
  { area: 'identity', what: 'documents not sent as a form', method: 'POST', path: () => '/api/v1/identity/submission', body: () => ({}),
    status: 400, errorType: 'VALIDATION_ERROR', es: 'Envía el formulario como multipart/form-data', fields: { body: 'Envía el formulario como multipart/form-data' } },
  // Protection: limits, breaks, sessions.
  { area: 'protection', what: 'a negative daily limit', method: 'PUT', path: () => '/api/v1/user/limits', body: () => ({ daily: -5 }),
    status: 400, errorType: 'VALIDATION_ERROR', es: 'El límite diario debe ser un monto mayor que $0 con dos decimales como máximo, hasta $1,000,000, o quedar vacío para no tener límite',
    fields: { daily: 'El límite diario debe ser un monto mayor que $0 con dos decimales como máximo, hasta $1,000,000, o quedar vacío para no tener límite' } },
  { area: 'protection', what: 'a cool-off of no known length', method: 'POST', path: () => '/api/v1/user/cool-off', body: () => ({ period: '2h' }),
    status: 400, errorType: 'VALIDATION_ERROR', es: 'Elige cuánto dura la pausa: 24h, 7d o 30d', fields: { period: 'Elige cuánto dura la pausa: 24h, 7d o 30d' } },
  { area: 'protection', what: 'a self-exclusion with the wrong password', method: 'POST', path: () => '/api/v1/user/self-exclude', body: () => ({ period: '6m', password: 'Wrong-pass-1' }),
    status: 400, errorType: 'VALIDATION_ERROR', es: 'La contraseña no es correcta', fields: { password: 'La contraseña no es correcta' } },
  { area: 'protection', what: 'ending a session that is not theirs', method: 'DELETE', path: () => '/api/v1/user/sessions/nope',
    status: 404, errorType: 'NOT_FOUND', es: 'No se encontró la sesión.' },
  // The account: password, two-step, privacy.
  { area: 'account', what: 'a password change with the wrong current password', method: 'PATCH', path: () => '/api/v1/user/change-password',
    body: () => ({ currentPassword: 'Wrong-pass-1', newPassword: 'Fresh-Secret-2026' }),
    status: 400, errorType: 'VALIDATION_ERROR', es: 'La contraseña actual no es correcta', fields: { currentPassword: 'La contraseña actual no es correcta' } },
  { area: 'two-step', what: 'turning off two-step that is not on', method: 'POST', path: () => '/api/v1/user/2fa/disable', body: () => ({ totp: '123456' }),
    status: 409, errorType: 'TOTP_NOT_ON', es: 'La verificación en dos pasos no está activada en esta cuenta.' },
  { area: 'two-step', what: 'turning on two-step without a code or password', method: 'POST', path: () => '/api/v1/user/2fa/enable', body: () => ({}),
    status: 400, errorType: 'VALIDATION_ERROR', es: 'Escribe el código de 6 dígitos que muestra tu app de autenticación.',
    fields: { code: 'Escribe el código de 6 dígitos que muestra tu app de autenticación.', currentPassword: 'La contraseña actual es obligatoria' } },
  { area: 'account', what: 'a privacy choice that is not a choice', method: 'PUT', path: () => '/api/v1/user/privacy', body: () => ({ tickerOptIn: 'yes' }),
    status: 400, errorType: 'VALIDATION_ERROR', es: 'Elige si tus retiros pueden aparecer en la cinta', fields: { tickerOptIn: 'Elige si tus retiros pueden aparecer en la cinta' } },
  // The proof of liabilities.
  { area: 'solvency', what: 'a list limit out of range', method: 'GET', path: () => '/api/v1/solvency?limit=0', open: true,
    status: 400, errorType: 'VALIDATION_ERROR', es: 'El límite debe ser un número entero de 1 a 1000.', fields: { limit: 'El límite debe ser un número entero de 1 a 1000.' } },
];

let app: TestApp;
let ctx: Ctx;

beforeAll(async () => {
  app = await makeApp();
  ctx = { me: await createPlayer(app), other: await createPlayer(app) };
  await app.deps.database.client.execute({ sql: "UPDATE users SET language = 'es' WHERE id = ?", args: [ctx.me.userId] });
  await fund(app, ctx.me.userId, 10_00);
});

const ask = (c: Case, client: 'english' | 'cookie' | 'bearer'): Promise<Answer> => {
  const cookie = `token=${ctx.me.token}${c.open ? '; lang=es' : ''}`;
  const headers: Record<string, string> = client === 'cookie' ? { cookie, 'accept-language': 'en-US,en;q=0.9' }
    : client === 'bearer' ? { 'accept-language': 'es-MX,es;q=0.9' } : {};
  return call(app, c.method, c.path(ctx), c.body?.(ctx), { headers, ...(client === 'cookie' ? {} : { token: ctx.me.token }) }) as Promise<Answer>;
};
const fieldsOf = (a: Answer) => (a.json.errors ?? []).map((e) => e.field).sort();

describe("refusals in the player's language, area by area", () => {
  test.each(CASES.map((c) => [`${c.area}: ${c.what}`, c] as const))('%s', async (_, c) => {
    // A bearer client that names no language is answered in English, even for a player who saved Spanish.
    const en = await ask(c, 'english');
    expect([en.status, en.json.errorType]).toEqual([c.status, c.errorType]);
    expect(en.json.message).not.toBe(c.es);
    for (const client of ['cookie', 'bearer'] as const) {
      const es = await ask(c, client);
      expect({ client, status: es.status, errorType: es.json.errorType, message: es.json.message }).toEqual({ client, status: c.status, errorType: c.errorType, message: c.es });
      expect(fieldsOf(es)).toEqual(fieldsOf(en));
      for (const [field, message] of Object.entries(c.fields ?? {})) expect(es.json.errors).toContainEqual({ field, message });
    }
  });

  test('the table covers every area a player calls', () => {
    expect([...new Set(CASES.map((c) => c.area))].sort()).toEqual(['account', 'deposits', 'games', 'history', 'identity', 'protection', 'solvency', 'two-step', 'wallet', 'withdrawals']);
  });
});

describe('refusals that name a time say it as Spanish writes dates', () => {
  test('a deposit during a cool-off: the end of the break in Spanish, on the 12-hour clock, in the player\'s time zone', async () => {
    const p = await createPlayer(app);
    await app.deps.database.client.execute({ sql: "UPDATE users SET language = 'es' WHERE id = ?", args: [p.userId] });
    const headers = { cookie: `token=${p.token}`, 'accept-language': 'en-US' };
    expect((await call(app, 'PUT', '/api/v1/user/limits', { timeZone: 'America/Chicago' }, { headers })).status).toBe(200);
    const started = await call(app, 'POST', '/api/v1/user/cool-off', { period: '24h' }, { headers });
    expect(started.json.message).toBe('Tu pausa empezó');
    const es = await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount: '10' }, { headers });
    const en = await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount: '10' }, { token: p.token });
    expect([es.status, es.json.errorType]).toEqual([en.status, en.json.errorType]);
    expect(es.json.errorType).toBe('COOL_OFF');
    expect(en.json.message).toMatch(/^You are on a cool-off break until [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M C[SD]T\. /);
    expect(es.json.message).toMatch(/^Estás en una pausa hasta el \d{1,2} [a-z]{3,4}\.? \d{4}, \d{1,2}:\d{2}\s[ap]\.\s?m\. C[SD]T\. Hasta entonces, los depósitos, las transferencias a los juegos y los envíos de créditos están detenidos\.$/);
  });
});
