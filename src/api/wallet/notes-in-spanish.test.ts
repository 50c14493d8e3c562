// A Spanish-reading player's notifications, history and money answers: in Spanish when read, pushed or exported,
// and in English again the moment they switch (the words are kept as a key and inputs, said when read).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { BASE, call, LOOPBACK, makeApp, type TestApp } from '../../../tests/helpers/app';
import { createPlayer, type TestPlayer } from '../../../tests/helpers/players';
import { fund } from '../../../tests/helpers/money';
import { gameAccounts } from '../../../tests/helpers/games';
import { createFreeplayCode } from '../../services/wallet/freeplay';
import { serveApp } from '../../serve';

const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
let app: TestApp;

beforeAll(async () => {
  // Sandbox payouts wait for the controls, so a withdrawal can be cancelled by hand.
  app = await makeApp({ SANDBOX_PAYOUT_DELAY_S: '3600' });
});

const setLang = (p: TestPlayer, lang: 'en' | 'es') => app.deps.database.client.execute({ sql: 'UPDATE users SET language = ? WHERE id = ?', args: [lang, p.userId] });
/** A browser with the player's session cookie: the saved language decides (its Accept-Language is English). */
const browser = (p: TestPlayer) => ({ headers: { cookie: `token=${p.token}`, 'accept-language': 'en-US' } });
const notes = async (p: TestPlayer) => (await call(app, 'GET', '/api/v1/notification?limit=20&page=1', undefined, browser(p))).json.getlist as { notificationType: string; notificationContent: string }[];
const noteOf = async (p: TestPlayer, type: string) => (await notes(p)).find((n) => n.notificationType === type)?.notificationContent;
async function spanishPlayer(name?: string) {
  const p = await createPlayer(app, { name });
  await setLang(p, 'es');
  return p;
}

describe('notifications said when read, in the reader\'s language', () => {
  test('a P2P transfer: both players read it in Spanish, the sender\'s answer too; switching to English reads the same rows in English', async () => {
    const [alicia, bruno] = [await spanishPlayer('Alicia Gómez'), await spanishPlayer()];
    await fund(app, alicia.userId, 20_00);
    const sent = await call(app, 'POST', '/api/v1/transfer/p2p-transfer', { email: bruno.email, amount: 4 }, browser(alicia));
    expect(sent.json.message).toBe(`Enviaste $4.00 a ${bruno.email}.`);
    expect(await noteOf(alicia, 'P2P_SENT')).toBe(`Enviaste $4.00 a ${bruno.email}.`);
    expect(await noteOf(bruno, 'P2P_RECEIVED')).toBe(`Recibiste $4.00 de Alicia Gómez (ID de jugador ${alicia.playerId}).`);
    const rows = await call(app, 'GET', '/api/v1/transaction/transaction-List/P2P', undefined, browser(bruno));
    expect(rows.json.message).toBe('Transacciones cargadas');
    expect(rows.json.TransactionList[0]).toMatchObject({ type: 'P2P', direction: 'in', transactionStatus: 'completed', counterparty: `Alicia Gómez (ID de jugador ${alicia.playerId})` });
    // The row keeps the English words and the key; the player who switches reads them in English.
    const kept = (await app.deps.database.client.execute({ sql: "SELECT content, message FROM notifications WHERE user_id = ? AND type = 'P2P_RECEIVED'", args: [bruno.userId] })).rows[0]!;
    expect(kept.content).toBe(`You received $4.00 from Alicia Gómez (Player ID ${alicia.playerId}).`);
    expect(JSON.parse(String(kept.message))).toMatchObject({ k: 'api_note_p2p_received', i: { amount: '$4.00', from: { k: 'api_player_named' } } });
    expect((await call(app, 'PATCH', '/api/v1/user/language', { language: 'en' }, { token: bruno.token })).status).toBe(200);
    expect(await noteOf(bruno, 'P2P_RECEIVED')).toBe(`You received $4.00 from Alicia Gómez (Player ID ${alicia.playerId}).`);
    const english = await call(app, 'GET', '/api/v1/transaction/transaction-List/P2P', undefined, browser(bruno));
    expect(english.json.TransactionList[0].counterparty).toBe(`Alicia Gómez (Player ID ${alicia.playerId})`);
    // A bearer client reads in its own Accept-Language, whatever the saved one.
    const bearer = await call(app, 'GET', '/api/v1/notification', undefined, { token: bruno.token, headers: { 'accept-language': 'es' } });
    expect(bearer.json.getlist[0].notificationContent).toBe(`Recibiste $4.00 de Alicia Gómez (ID de jugador ${alicia.playerId}).`);
  });

  test('a withdrawal: the answer, its notification, its cancelled payout and the reason given, in Spanish', async () => {
    const p = await spanishPlayer();
    await fund(app, p.userId, 500_00);
    const r = await call(app, 'POST', '/api/v1/withdraw/withdraw-request', { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 150, tip: 5 }, browser(p));
    expect(r.status).toBe(200);
    expect(r.json.message).toBe('Pediste un retiro de $150.00, con una propina de $5.00: $155.00 salió de tu billetera. Los retiros suelen enviarse en minutos.');
    expect(await noteOf(p, 'WITHDRAWAL_REQUESTED')).toBe('Pediste un retiro de $150.00, con una propina de $5.00: $155.00 salió de tu billetera y queda retenido hasta que se envíe.');
    const cancel = await call(app, 'POST', `/api/v1/sandbox/withdrawals/${r.json.data.withdrawalId}/cancel`, undefined, { ...browser(p), peer: LOOPBACK });
    expect(cancel.json.message).toBe('Pago cancelado.');
    // The reason is kept in English for the console, and said in Spanish to the player.
    expect(await noteOf(p, 'WITHDRAWAL_CANCELLED')).toBe('Tu retiro se canceló: El pago se canceló. $155.00 volvió a tu billetera.');
    const w = (await app.deps.database.client.execute({ sql: 'SELECT reason FROM withdrawals WHERE id = ?', args: [r.json.data.withdrawalId] })).rows[0]!;
    expect(w.reason).toBe('The payout was cancelled.');
  });

  test('a deposit paid in the sandbox, a freeplay code and a transfer to a game: each answer and notification in Spanish', async () => {
    const p = await spanishPlayer();
    const d = await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount: '25' }, browser(p));
    expect(d.json.message).toBe('Depósito creado. Paga el monto que aparece para completarlo.');
    const paid = await call(app, 'POST', `/api/v1/sandbox/deposits/${d.json.data.depositId}/simulate`, { action: 'pay' }, { ...browser(p), peer: LOOPBACK });
    expect(paid.json.message).toBe('Pago simulado.');
    expect(await noteOf(p, 'DEPOSIT')).toBe('Tu depósito de $25.00 llegó a tu billetera.');
    await createFreeplayCode(app.deps.database.client, { code: 'HOLA-2026', amountCents: 3_00, expiresAt: Date.now() + 86_400_000, maxRedemptions: 5 });
    const code = await call(app, 'POST', '/api/v1/freeplay/redeem', { code: 'hola-2026' }, browser(p));
    expect(code.json.message).toBe('Código canjeado: se agregaron $3.00 a tu billetera.');
    expect(await noteOf(p, 'FREEPLAY_REDEEMED')).toBe('El código de juego gratis HOLA-2026 agregó $3.00 a tu billetera.');
    const vblink = (await gameAccounts(app, p))['vblink'];
    const move = await call(app, 'POST', '/api/v1/transfer/transfer-data-request', { gameId: 'vblink', userName: vblink.gameCredentialId.userName, amount: 5 }, browser(p));
    expect(move.json.message).toBe('Se transfirieron $5.00 a VBlink.');
    expect(await noteOf(p, 'GAME_TRANSFER')).toBe('Transferiste $5.00 a VBlink.');
  });

  test('a notification written before its words were kept as a key is shown as it was written', async () => {
    const p = await spanishPlayer();
    const now = Date.now();
    await app.deps.database.client.execute({ sql: "INSERT INTO notifications (id, user_id, type, content, created_at) VALUES (?, ?, 'DEPOSIT', 'Your deposit of $9.00 has arrived in your wallet.', ?)", args: [crypto.randomUUID(), p.userId, now] });
    // And one whose key this version no longer has: its English, not an error.
    await app.deps.database.client.execute({ sql: "INSERT INTO notifications (id, user_id, type, content, message, created_at) VALUES (?, ?, 'OLD', 'Old words.', '{\"k\":\"api_gone\"}', ?)", args: [crypto.randomUUID(), p.userId, now - 1000] });
    expect((await notes(p)).map((n) => n.notificationContent)).toEqual(['Your deposit of $9.00 has arrived in your wallet.', 'Old words.']);
  });
});

describe('history in the reader\'s language', () => {
  test('the CSV export names its columns, types, directions and statuses in Spanish for a Spanish player, in English otherwise', async () => {
    const p = await spanishPlayer();
    await fund(app, p.userId, 10_00);
    const other = await createPlayer(app);
    await call(app, 'POST', '/api/v1/transfer/p2p-transfer', { email: other.email, amount: 2 }, browser(p));
    const es = await (await app.handle(new Request(`${BASE}/api/v1/transaction/export.csv`, { headers: { ...browser(p).headers, 'sec-fetch-site': 'same-origin' } }))).text();
    const [head, row] = es.trim().split('\r\n');
    expect(head).toBe('Fecha (UTC),ID de la transacción,Tipo,Sentido,Estado,Monto (USD),Juego,Contraparte,ID de la orden');
    expect(row!.split(',').slice(2, 6)).toEqual(['P2P', 'salida', 'completado', '2.00']);
    const en = await (await app.handle(new Request(`${BASE}/api/v1/transaction/export.csv`, { headers: { authorization: `Bearer ${p.token}` } }))).text();
    expect(en.split('\r\n')[1]!.split(',').slice(2, 5)).toEqual(['P2P', 'out', 'completed']);
  });

  test("the fast read of a history page keeps a page per language: one player's English and Spanish never mix", async () => {
    const [alicia, bruno] = [await spanishPlayer(), await createPlayer(app)];
    await fund(app, alicia.userId, 10_00);
    await call(app, 'POST', '/api/v1/transfer/p2p-transfer', { email: bruno.email, amount: 1 }, browser(alicia));
    const route = app.routes['/api/v1/transaction/transaction-List/:type'] as { GET: (req: Request) => Response | Promise<Response> };
    const read = async (headers: Record<string, string>) => {
      const req = Object.assign(new Request(`${BASE}/api/v1/transaction/transaction-List/P2P?page=1&limit=10`, { headers }), { params: { type: 'P2P' } });
      return (await (await route.GET(req)).json()) as { message: string; TransactionList: { counterparty: string }[] };
    };
    const en = await read({ authorization: `Bearer ${bruno.token}` });
    expect([en.message, en.TransactionList[0]!.counterparty]).toEqual(['Transactions fetched successfully', `Player ID ${alicia.playerId}`]);
    const es = await read({ authorization: `Bearer ${bruno.token}`, 'accept-language': 'es-US' });
    expect([es.message, es.TransactionList[0]!.counterparty]).toEqual(['Transacciones cargadas', `ID de jugador ${alicia.playerId}`]);
    // Asked again, each from its own kept page.
    expect((await read({ authorization: `Bearer ${bruno.token}` })).message).toBe('Transactions fetched successfully');
    expect((await read({ cookie: `token=${bruno.token}; lang=es` })).message).toBe('Transacciones cargadas');
  });
});

describe('pushes in each page\'s language', () => {
  let server: ReturnType<typeof serveApp>;
  beforeAll(() => {
    server = serveApp(app, { port: 0, hostname: '127.0.0.1' });
  });
  afterAll(() => server.stop(true));

  function listen(headers?: Record<string, string>, first?: string) {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws`, { headers } as never);
    const heard: { event: string; data: any }[] = [];
    const ready = new Promise<void>((res) => {
      ws.addEventListener('open', () => first && ws.send(first));
      ws.addEventListener('message', (e) => {
        const msg = JSON.parse(String(e.data));
        heard.push(msg);
        if (msg.event === 'ready') res();
      });
    });
    return { ws, heard, ready };
  }

  test("a P2P receiver's open pages hear the notification and the sender in their own language, not the sender's", async () => {
    const [alicia, bruno] = [await createPlayer(app), await spanishPlayer()];
    await fund(app, alicia.userId, 10_00);
    const saved = listen({ cookie: `token=${bruno.token}`, 'accept-language': 'en-US' });
    const englishTab = listen({ cookie: `token=${bruno.token}; lang=en` });
    const app_ = listen({ 'accept-language': 'es-MX' }, JSON.stringify({ token: bruno.token }));
    await Promise.all([saved.ready, englishTab.ready, app_.ready]);
    // The sender asks in English.
    await call(app, 'POST', '/api/v1/transfer/p2p-transfer', { email: bruno.email, amount: 3 }, { token: alicia.token });
    for (let i = 0; i < 50 && [saved, englishTab, app_].some((s) => !s.heard.some((m) => m.event === 'p2pReceived')); i++) await Bun.sleep(10);
    const said = (s: ReturnType<typeof listen>, event: string) => s.heard.find((m) => m.event === event)?.data;
    expect(said(saved, 'notification')).toMatchObject({ notificationType: 'P2P_RECEIVED', notificationContent: `Recibiste $3.00 de ID de jugador ${alicia.playerId}.` });
    expect(said(saved, 'notification')).not.toHaveProperty('message');
    expect(said(saved, 'p2pReceived')).toMatchObject({ from: `ID de jugador ${alicia.playerId}` });
    expect(said(englishTab, 'notification')).toMatchObject({ notificationContent: `You received $3.00 from Player ID ${alicia.playerId}.` });
    expect(said(englishTab, 'p2pReceived')).toMatchObject({ from: `Player ID ${alicia.playerId}` });
    expect(said(app_, 'notification')).toMatchObject({ notificationContent: `Recibiste $3.00 de ID de jugador ${alicia.playerId}.` });
    for (const s of [saved, englishTab, app_]) s.ws.close();
  });
});

describe('the proof of liabilities notice', () => {
  test("names the player's balance and the snapshot's time in Spanish for a Spanish player", async () => {
    const own = await makeApp();
    const p = await createPlayer(own);
    await own.deps.database.client.execute({ sql: "UPDATE users SET language = 'es' WHERE id = ?", args: [p.userId] });
    await own.deps.ledger.transfer({ debit: 's:bitcoin_deposits', credit: `w:${p.userId}`, amountCents: 1234_56, code: 'DEPOSIT' });
    const s = await own.deps.solvency.publish();
    const r = await call(own, 'GET', '/api/v1/notification', undefined, { headers: { cookie: `token=${p.token}` } });
    const d = new Date(s.createdAt);
    const months = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'];
    const at = `${d.getUTCDate()} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')} UTC`;
    expect(r.json.getlist[0].notificationContent).toBe(`Tu saldo de $1,234.56 del ${at} está en la prueba de pasivos que publicamos. Compruébalo por tu cuenta: la comprobación se hace en tu navegador.`);
    const en = await call(own, 'GET', '/api/v1/notification', undefined, { token: p.token });
    expect(en.json.getlist[0].notificationContent).toStartWith('Your balance of $1,234.56 on ');
  });
});
