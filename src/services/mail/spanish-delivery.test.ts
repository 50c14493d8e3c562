// Mails in the RECEIVING player's saved language, end to end: through the real routes, the real mail queue (its rows
// carry the language) and the outbox or a real SMTP server. Every request here is made in English (a bearer client's
// Accept-Language, or an English page): a mail in Spanish can only have come from the receiver's saved language.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { call, LOOPBACK, makeApp, type TestApp } from '../../../tests/helpers/app';
import { registration, rows, tokenIn, waitForMail } from '../../../tests/helpers/accounts';
import { englishInMail } from '../../../tests/helpers/english-mail';
import { fund } from '../../../tests/helpers/money';
import { createOperatorUser, createPlayer, type TestPlayer } from '../../../tests/helpers/players';
import { submitIdentity } from '../../../tests/helpers/identity';
import { turnOnTwoStep } from '../../../tests/helpers/two-step';
import { startSmtpDouble } from '../../../tests/doubles/smtp';

const EN = { 'accept-language': 'en-US,en;q=0.9' };
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
let app: TestApp;
beforeAll(async () => {
  app = await makeApp({ SANDBOX_PAYOUT_DELAY_S: '3600' });
});
afterAll(() => app.deps.deposits.idle());

const setLang = (a: TestApp, p: { userId: string }, lang: 'en' | 'es' | null) =>
  a.deps.database.client.execute({ sql: 'UPDATE users SET language = ? WHERE id = ?', args: [lang, p.userId] });
async function spanishPlayer(opts: { name?: string } = {}): Promise<TestPlayer> {
  const p = await createPlayer(app, opts);
  await setLang(app, p, 'es');
  return p;
}
/** The newest mail to `to` with this subject, checked for English. */
async function spanishMail(to: string, subject: string, allowed: string[] = []) {
  const mail = await waitForMail(app, to, new RegExp(`^${subject.replace(/[$().?]/g, '\\$&')}$`));
  expect(mail.html).toContain('<html lang="es">');
  expect(englishInMail(mail, allowed)).toEqual([]);
  return mail;
}
const queuedLangs = async (to: string) => (await rows(app, "SELECT kind, json_extract(data, '$.lang') AS lang FROM mail_queue WHERE to_address = ? ORDER BY created_at, id", [to])).map((r) => [r.kind, r.lang]);

describe("credits sent by one player speak the receiver's language", () => {
  test("an English-speaking sender's transfer reaches a Spanish receiver in Spanish, and the other way round", async () => {
    const ana = await createPlayer(app, { name: 'Ana' });
    await setLang(app, ana, 'en');
    const beto = await spanishPlayer();
    await fund(app, ana.userId, 10_000);
    await fund(app, beto.userId, 10_000);
    expect((await call(app, 'POST', '/api/v1/transfer/p2p-transfer', { email: beto.email, amount: 12.5 }, { token: ana.token, headers: EN })).status).toBe(200);
    expect(await queuedLangs(beto.email)).toEqual([['p2p-received', 'es']]);
    const es = await spanishMail(beto.email, 'Recibiste créditos', ['Ana']);
    expect(es.text).toContain(`Recibiste $12.50 de Ana (ID de jugador ${ana.playerId}).`);
    expect(es.text).not.toContain(ana.email);
    // A Spanish page's sender (its cookie) to the English receiver: English.
    expect((await call(app, 'POST', '/api/v1/transfer/p2p-transfer', { email: ana.email, amount: 3 }, { token: beto.token, headers: { 'accept-language': 'es', cookie: 'lang=es' } })).status).toBe(200);
    const en = await waitForMail(app, ana.email, /You received credits/);
    expect(en.text).toContain(`You received $3.00 from Player ID ${beto.playerId}.`);
  });

  test('through a real SMTP server: the Spanish subject and both parts arrive whole', async () => {
    const smtp = await startSmtpDouble();
    const a = await makeApp({ SMTP_URL: smtp.url });
    try {
      const [from, to] = [await createPlayer(a), await createPlayer(a)];
      await setLang(a, to, 'es');
      await fund(a, from.userId, 5_000);
      expect((await call(a, 'POST', '/api/v1/transfer/p2p-transfer', { email: to.email, amount: 7 }, { token: from.token, headers: EN })).status).toBe(200);
      await a.deps.mailQueue.drain();
      const got = await smtp.next();
      expect(got.to).toEqual([to.email]);
      const subject = got.subject.replace(/(\?=)\s+(?==\?)/g, '$1').replace(/=\?UTF-8\?B\?([^?]*)\?=/gi, (_, b: string) => Buffer.from(b, 'base64').toString('utf8'));
      expect(subject).toBe('Recibiste créditos');
      expect(got.text).toContain(`Recibiste $7.00 de ID de jugador `);
      expect(got.html).toContain('<html lang="es">');
      expect(englishInMail({ subject, text: got.text, html: got.html })).toEqual([]);
    } finally {
      (a.deps.mailer as { close?: () => void }).close?.();
      await smtp.stop();
    }
  });
});

describe("money mails in the player's language", () => {
  test('a deposit credited', async () => {
    const p = await spanishPlayer();
    const d = (await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount: 20 }, { token: p.token, headers: EN })).json.data;
    expect((await call(app, 'POST', `/api/v1/sandbox/deposits/${d.depositId}/simulate`, { action: 'pay' }, { token: p.token, peer: LOOPBACK, headers: EN })).status).toBe(200);
    await app.deps.deposits.idle();
    const mail = await spanishMail(p.email, 'Llegó tu depósito');
    expect(mail.text).toContain('Tu depósito de $20.00 ya llegó a tu billetera.');
  });

  test('a withdrawal requested, then sent', async () => {
    const p = await spanishPlayer();
    await fund(app, p.userId, 50_000);
    const body = { currency: 'BTC-CHAIN', wallet_address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', amount: 100 };
    const r = await call(app, 'POST', '/api/v1/withdraw/withdraw-request', body, { token: p.token, headers: EN });
    expect(r.status).toBe(200);
    const asked = await spanishMail(p.email, 'Se pidió un retiro de $100.00');
    expect(asked.text).toContain('$100.00 (Bitcoin en cadena) a bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080');
    expect((await call(app, 'POST', `/api/v1/sandbox/withdrawals/${r.json.data.withdrawalId}/complete`, undefined, { token: p.token, peer: LOOPBACK })).status).toBe(200);
    expect((await spanishMail(p.email, 'Enviamos tu retiro')).text).toContain('Enviamos tu retiro de $100.00.');
    expect(await queuedLangs(p.email)).toEqual([['withdrawal-requested', 'es'], ['withdrawal-ended', 'es']]);
  });
});

describe("security mails in the player's language, whatever language the request spoke", () => {
  test('a password change', async () => {
    const p = await spanishPlayer();
    const r = await call(app, 'PATCH', '/api/v1/user/change-password', { currentPassword: p.password, newPassword: 'Cambiada123!', confirmPassword: 'Cambiada123!' }, { token: p.token, headers: EN });
    expect(r.status).toBe(200);
    expect((await spanishMail(p.email, 'Se cambió tu contraseña de Coinreel')).text).toContain('Cerramos la sesión en todos los demás dispositivos.');
  });

  test('a sign-in from a new device', async () => {
    const p = await spanishPlayer();
    expect((await call(app, 'POST', '/api/v1/login', { email: p.email, password: p.password, userType: 'USER' }, { headers: { ...EN, 'user-agent': CHROME } })).status).toBe(200);
    expect((await spanishMail(p.email, 'Nuevo inicio de sesión en tu cuenta de Coinreel')).text).toContain('Chrome en Windows');
  });

  test('two-step verification turned on', async () => {
    const p = await spanishPlayer();
    await turnOnTwoStep(app, p, Date.now());
    await spanishMail(p.email, 'Se activó la verificación en dos pasos');
  });

  test('an e-mail change: the link to the new address, the notice to the old, the undo link, and the undo', async () => {
    const p = await spanishPlayer();
    const next = `nuevo.${p.email}`;
    expect((await call(app, 'PATCH', '/api/v1/user/update-profile', { name: '', phoneNo: '', email: next, currentPassword: p.password }, { token: p.token, headers: EN })).status).toBe(200);
    const confirm = await spanishMail(next, 'Confirma tu nuevo correo de Coinreel');
    expect((await spanishMail(p.email, 'Se está cambiando tu correo de Coinreel')).text).toContain(`pidió cambiar su correo a ${next}.`);
    expect((await call(app, 'POST', '/api/v1/verify/email', { token: tokenIn(confirm, '/verify/email') }, { headers: EN })).status).toBe(200);
    const old = await spanishMail(p.email, 'Se cambió tu correo de Coinreel');
    expect(old.text).toContain('Deshacer el cambio de correo: http://localhost:3000/undo-email/');
    await spanishMail(next, 'Se cambió tu correo de Coinreel');
    expect((await call(app, 'POST', '/api/v1/email-change/undo', { token: tokenIn(old, '/undo-email') }, { headers: EN })).status).toBe(200);
    expect(await queuedLangs(p.email)).toEqual([['email-changed', 'es']]);
    expect(await queuedLangs(next)).toEqual([['email-changed', 'es'], ['email-changed', 'es']]);
  });

  test('tax details put on file', async () => {
    const p = await spanishPlayer();
    const r = await call(app, 'POST', '/api/v1/identity/tax-details', { confirmed: true, tin: '912-70-4321', currentPassword: p.password }, { token: p.token, headers: EN });
    expect(r.status).toBe(200);
    expect((await spanishMail(p.email, 'Se cambiaron tus datos fiscales')).text).toContain('el ITIN que termina en 4321');
  });

  test("an operator's identity decisions", async () => {
    const op = await createOperatorUser(app);
    const [yes, no] = [await spanishPlayer(), await spanishPlayer()];
    const decide = async (p: TestPlayer, how: string, reason: string) => {
      expect((await submitIdentity(app, p)).status).toBe(201);
      const [s] = await rows(app, 'SELECT id FROM identity_submissions WHERE user_id = ? ORDER BY created_at DESC LIMIT 1', [p.userId]);
      expect((await call(app, 'POST', `/api/v1/admin/identity/${String(s!.id)}/${how}`, { reason }, { token: op.token, headers: EN })).status).toBe(200);
    };
    await decide(yes, 'approve', 'Documents match');
    expect((await spanishMail(yes.email, 'Tu identidad está verificada')).text).toContain('Ya puedes retirar.');
    await decide(no, 'reject', 'The photo of the front is blurred.');
    // The operator's reason is quoted as the operator wrote it; every word around it is Spanish.
    const mail = await spanishMail(no.email, 'No pudimos verificar tu identidad', ['The photo of the front is blurred.']);
    expect(mail.text).toContain('No aceptamos tus documentos de identidad: The photo of the front is blurred. Puedes enviarlos de nuevo.');
  });
});

describe('"you already have an account" speaks the page that registered', () => {
  test('a Spanish page registering an English account\'s address: Spanish; an English page and a Spanish account\'s: English', async () => {
    const english = await createPlayer(app);
    await setLang(app, english, 'en');
    const spanish = await spanishPlayer();
    expect((await call(app, 'POST', '/api/v1/register', registration(english.email), { headers: { cookie: 'lang=es' } })).status).toBe(201);
    expect((await spanishMail(english.email, 'Ya tienes una cuenta de Coinreel')).text).toContain('Inicia sesión en http://localhost:3000/login.');
    expect((await call(app, 'POST', '/api/v1/register', registration(spanish.email), { headers: EN })).status).toBe(201);
    await waitForMail(app, spanish.email, /^You already have a Coinreel account$/);
  });
});
