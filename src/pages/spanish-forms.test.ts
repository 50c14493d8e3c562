// The signed-in pages' plain form posts answer a Spanish-reading player in Spanish: their own refusals, their
// confirmations (the flash the redirect carries) and what the page says once they are done. The API's own words are
// its translator's; these are the pages' own.
import { beforeAll, describe, expect, test } from 'bun:test';
import { BASE, call, makeApp, page, type TestApp } from '../../tests/helpers/app';
import { fund } from '../../tests/helpers/money';
import { createPlayer, formTokenOf, type TestPlayer } from '../../tests/helpers/players';

let app: TestApp;

beforeAll(async () => {
  app = await makeApp();
});

/** A player whose saved language is Spanish (no cookie, no Accept-Language says so). */
async function spanishPlayer(): Promise<TestPlayer> {
  const p = await createPlayer(app);
  await app.deps.database.client.execute({ sql: "UPDATE users SET language = 'es' WHERE id = ?", args: [p.userId] });
  return p;
}

const text = (doc: string) => doc.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ').replace(/&#x27;|&#39;/g, "'").replace(/\s+/g, ' ');

/** A plain form post, as a browser without script sends it (`_token` false: none). */
const post = (p: TestPlayer, path: string, fields: Record<string, string>, token = true) =>
  app.handle(new Request(BASE + path, {
    method: 'POST', redirect: 'manual',
    headers: { cookie: `token=${p.token}`, origin: BASE, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...(token && { _token: formTokenOf(app, p) }), ...fields }).toString(),
  }));

/** The page a redirect leads to, with the flash it set. */
async function followed(p: TestPlayer, r: Response): Promise<string> {
  expect(r.status).toBe(303);
  const flash = r.headers.get('set-cookie')!.split(';')[0]!;
  return text(await (await page(app, r.headers.get('location')!.split('#')[0]!, { cookie: `token=${p.token}; ${flash}` })).text());
}

describe('Profile Settings in Spanish, by plain form posts', () => {
  test('saved limits are confirmed in Spanish; a raise waits, said in Spanish with the date in Spanish', async () => {
    const p = await spanishPlayer();
    const first = await followed(p, await post(p, '/profile-setting', { _action: 'limits', daily: '50', weekly: '', monthly: '', timeZone: 'America/Chicago' }));
    expect(first).toContain('Guardamos tus límites de depósito.');
    expect(first).not.toContain('Deposit limits saved');
    const raised = await followed(p, await post(p, '/profile-setting', { _action: 'limits', daily: '80', weekly: '', monthly: '', timeZone: 'America/Chicago' }));
    expect(raised).toContain('Guardamos tus límites de depósito. Los límites más altos o los que quitaste empiezan a valer en 24 horas.');
    // "29 nov 2026, 4:17 p.m. (America/Chicago)": the month and the clock as Spanish writes them.
    expect(raised).toMatch(/El límite diario pasa a \$80\.00 el \d{1,2} [a-z]{3}\.? \d{4}, \d{1,2}:\d{2}\s?[ap]\.\s?m\. \(America\/Chicago\)\./);
    expect(raised).toContain('Centro (Chicago)');
  });

  test('a cool-off without the tick is refused in Spanish; started, the section says so in Spanish', async () => {
    const p = await spanishPlayer();
    const unticked = await post(p, '/profile-setting', { _action: 'coolOff', period: '7d' });
    expect(unticked.status).toBe(400);
    const doc = await unticked.text();
    expect(text(doc)).toContain('Marca la casilla para confirmar tu pausa');
    expect(doc).toContain('<title>Error: Configuración del perfil | Coinreel</title>');
    const started = await followed(p, await post(p, '/profile-setting', { _action: 'coolOff', period: '7d', confirm: 'yes' }));
    expect(started).toContain('Tu pausa empezó.');
    expect(started).toMatch(/Estás en pausa hasta el \d{1,2} [a-z]{3}\.? \d{4}/);
  });

  test('self-exclusion without the tick, and a device signed out, in Spanish', async () => {
    const p = await spanishPlayer();
    const unticked = await post(p, '/profile-setting', { _action: 'selfExclude', period: '1y', password: p.password });
    expect(text(await unticked.text())).toContain('Marca la casilla para confirmar que entiendes que no se puede deshacer');
    // A second session of the same player, to sign out from the first.
    expect((await call(app, 'POST', '/api/v1/login', { email: p.email, password: p.password, userType: 'USER' })).json.token).toBeString();
    const doc = text(await (await page(app, '/profile-setting', { cookie: `token=${p.token}` })).text());
    expect(doc).toContain('Cerrar sesión en todos los demás dispositivos');
    const sessionId = (await app.deps.database.client.execute({ sql: 'SELECT id FROM sessions WHERE user_id = ? AND id != ?', args: [p.userId, p.sessionId] })).rows[0]!.id as string;
    expect(await followed(p, await post(p, '/profile-setting', { _action: 'endSession', sessionId }))).toContain('Cerramos la sesión en ese dispositivo.');
  });
});

describe('the wallet forms in Spanish, by plain form posts', () => {
  test('a post without the form token is refused in Spanish, and changes nothing', async () => {
    const p = await spanishPlayer();
    const r = await post(p, '/profile-setting', { _action: 'coolOff', period: '30d', confirm: 'yes' }, false);
    expect(r.status).toBe(403);
    expect(text(await r.text())).toContain('Este formulario venció. Revísalo y vuelve a enviarlo.');
  });

  test('sending more than the wallet holds: "Saldo insuficiente" at the amount', async () => {
    const p = await spanishPlayer();
    const q = await createPlayer(app);
    await fund(app, p.userId, 500);
    const r = await post(p, '/p2p-transfer', { email: q.email, amount: '9' });
    expect(r.status).toBe(409);
    const doc = await r.text();
    // The island's props carry the page's refusal, in Spanish, for the amount's box.
    expect(doc).toContain('"errors":{"amount":"Saldo insuficiente"}');
    expect(text(doc)).toContain('Enviar créditos a otro jugador');
  });

  test("a transfer to a game says the wallet's and the game's balances in Spanish", async () => {
    const p = await spanishPlayer();
    await fund(app, p.userId, 5_000);
    const back = await followed(p, await post(p, '/home', { _action: 'transfer', gameId: 'ultra-panda', amount: '10' }));
    expect(back).toContain('Saldo de la billetera: $40.00.');
    expect(back).toContain('Saldo en Ultra Panda: $10.00.');
  });

  test('the deposit form in Spanish, and a deposit not found says so in Spanish with a 404', async () => {
    const p = await spanishPlayer();
    const form = text(await (await page(app, '/deposit-bitcoin', { cookie: `token=${p.token}` })).text());
    for (const s of ['Depositar con Cash App / Bitcoin', 'Monto (USD)', 'Confirmar depósito']) expect(form).toContain(s);
    const missing = await page(app, '/deposit-bitcoin?deposit=nada', { cookie: `token=${p.token}` });
    expect(missing.status).toBe(404);
    expect(text(await missing.text())).toContain('No hay ningún depósito tuyo en este enlace.');
  });
});

describe('the same pages stay English for a player who reads English', () => {
  test('the limits confirmation and the dashboard', async () => {
    const p = await createPlayer(app);
    expect(await followed(p, await post(p, '/profile-setting', { _action: 'limits', daily: '50', weekly: '', monthly: '' }))).toContain('Deposit limits saved.');
    const home = text(await (await page(app, '/home', { cookie: `token=${p.token}` })).text());
    for (const s of ['Your Game Accounts', 'Transfer to Game', 'Withdrawals are usually sent within minutes.']) expect(home).toContain(s);
  });
});
