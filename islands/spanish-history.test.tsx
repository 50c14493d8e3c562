// The history and the notifications on a Spanish page (<html lang="es">): tabs, rows, statuses, details, pages, empty
// states and ages in Spanish with no English left; the display rules give the same figures in both languages.
import { afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { renderToString } from 'react-dom/server';
import { FakeWebSocket } from '../tests/helpers/fake-websocket';
import { islandDom } from '../tests/helpers/islands';
import { englishShown, inPageLang, speakPageLang } from '../tests/helpers/spanish-islands';
import { detailLines, formatTime, showingText, statusWords, tipSplit, typeWords, type Note, type Tx, type TxPage } from './_ui/history-format';
import { notificationType, relativeAge } from './_ui/note-words';
import NotificationsList from './NotificationsList';
import TransactionsTable from './TransactionsTable';

const { render, screen, cleanup } = await islandDom('http://localhost:3000/transactions');
speakPageLang('es');
beforeAll(() => FakeWebSocket.install());
afterEach(cleanup);

const text = () => document.body.textContent ?? '';
const noEnglish = async () => expect(await englishShown()).toEqual([]);
const AT = '2026-11-28T15:45:00.000Z';
const tx = (over: Partial<Tx>): Tx => ({ _id: Math.random().toString(36).slice(2), transactionUuid: 'CR-1', type: 'DEPOSIT', amount: 10, createdAt: AT, transactionStatus: 'completed', ...over });
const ROWS: Tx[] = [
  tx({ type: 'DEPOSIT', orderId: 'INV1', depositAmount: 20, late: true }),
  tx({ type: 'DEPOSIT', transactionStatus: 'pending', depositId: 'dep-1' }),
  tx({ type: 'TRANSFER', gameId: { _id: 'vblink', gameName: 'VBlink' }, gameAccount: 'vb12', transactionStatus: 'failed' }),
  tx({ type: 'REDEEM', gameId: { _id: 'vblink', gameName: 'VBlink' } }),
  tx({ type: 'WITHDRAW', direction: 'out', amount: 155, tip: 5, orderId: 'a'.repeat(64), destination: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', currency: 'BTC-CHAIN', transactionStatus: 'under review', withdrawalId: 'w1' }),
  tx({ type: 'P2P', direction: 'in', counterparty: 'Ana' }),
  tx({ type: 'FREEPLAY', orderId: 'WELCOME5' }),
  tx({ type: 'ADJUSTMENT', direction: 'in', reason: 'Bono de bienvenida', transactionStatus: 'held' }),
];
const page = (over: Partial<TxPage> = {}): TxPage => ({ type: 'ALL', page: 1, items: ROWS, totalPages: 3, total: 25, limit: 10, ...over });

describe('the history in Spanish', () => {
  test('tabs, every kind of row with its details and status, and the pages', async () => {
    render(<TransactionsTable initial={page()} />);
    for (const name of ['Todas', 'Transferencias', 'Canjes', 'Depósitos', 'Retiros', 'Entre jugadores', 'Juego gratis']) expect(screen.getByRole('tab', { name })).toBeTruthy();
    for (const header of ['ID de transacción', 'Monto', 'Plataforma de juego', 'Fecha y hora', 'Estado']) expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    for (const words of ['Factura INV1', 'Parcial: $10.00 de un depósito de $20.00', 'Llegó tarde, después de que venció la factura', 'A la cuenta vb12 de VBlink', 'De VBlink',
      `Transacción de Bitcoin ${'a'.repeat(64)}`, 'A bcrt1q', '$150.00 enviados + $5.00 de propina', 'De Ana', 'Código WELCOME5', 'Motivo: Bono de bienvenida',
      'completado', 'pendiente', 'fallido', 'en revisión', 'retenido', 'depósito', 'transferencia', 'canje', 'retiro', 'entre jugadores', 'juego gratis', 'ajuste', 'N/D',
      'Pagar este depósito', 'Cancelar retiro', 'Mostrando 1 a 10 de 25 transacciones', 'Descargar CSV'])
      expect(text()).toContain(words);
    expect(screen.getByRole('navigation', { name: 'Páginas de transacciones' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Página 2' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Siguiente' })).toBeTruthy();
    expect(document.querySelector('.tx-reason')!.textContent).toBe('Motivo: Bono de bienvenida');
    expect(document.querySelector('td')!.getAttribute('data-label')).toBe('ID de transacción');
    await noEnglish();
  });

  test("the server's HTML, before the script: times in UTC, said so", async () => {
    document.body.innerHTML = `<div>${renderToString(<TransactionsTable initial={page({ items: ROWS.slice(0, 1) })} />)}</div>`;
    expect(text()).toContain('28 nov 2026, 3:45 p.m. UTC');
    await noEnglish();
  });

  test('empty: no rows yet, per tab; a page past the end', async () => {
    render(<TransactionsTable initial={page({ type: 'WITHDRAW', items: [], totalPages: 1, total: 0 })} />);
    expect(text()).toContain('No se encontraron transacciones');
    expect(text()).toContain('Aún no tienes retiros.');
    await noEnglish();
    cleanup();
    render(<TransactionsTable initial={page({ page: 9, items: [], totalPages: 3 })} />);
    expect(text()).toContain('La página 9 está después de la última: hay 3 páginas.');
    expect(screen.getByRole('link', { name: 'Ir a la página 3' })).toBeTruthy();
    await noEnglish();
  });
});

describe('the notifications in Spanish', () => {
  const note = (over: Partial<Note>): Note => ({ _id: Math.random().toString(36).slice(2), notificationType: 'DEPOSIT', notificationContent: 'Se acreditaron $25.00 a tu billetera.', createdAt: AT, ...over });
  const renderedAt = Date.parse(AT) + 3 * 3600_000;

  test('each kind of notice with its age and link, the pages, and none at all', async () => {
    const items = ['P2P_RECEIVED', 'WITHDRAWAL_SENT', 'GAME_TRANSFER_FAILED', 'IDENTITY_VERIFIED', 'FREEPLAY_REDEEMED'].map((t) => note({ notificationType: t }));
    items.push(note({ notificationType: 'PROOF_OF_LIABILITIES', link: '/solvency?snapshot=x' }), note({ notificationType: '', notificationContent: '' }));
    render(<NotificationsList initial={{ page: 2, items, totalPages: 3, total: 27 }} renderedAt={renderedAt} />);
    for (const heading of ['Recibiste créditos', 'Retiro enviado', 'Transferencia al juego fallida', 'Identidad verificada', 'Código de juego gratis canjeado', 'Prueba de pasivos', 'Tipo desconocido'])
      expect(screen.getByRole('heading', { name: heading })).toBeTruthy();
    expect(text()).toContain('El contenido de esta notificación no está disponible');
    expect(screen.getByRole('link', { name: 'Revisa tu saldo en la prueba' })).toBeTruthy();
    expect(text()).toContain('Página 2 de 3');
    expect(screen.getByRole('link', { name: 'Anterior' })).toBeTruthy();
    await noEnglish();
    cleanup();
    render(<NotificationsList initial={{ page: 1, items: [], totalPages: 1, total: 0 }} renderedAt={renderedAt} />);
    expect(text()).toContain('No tienes notificaciones por ahora');
    await noEnglish();
  });
});

describe('the display rules in both languages', () => {
  test('ages, counts, statuses, types and a tip: Spanish here, the English unchanged', () => {
    const now = Date.parse(AT);
    const ago = (ms: number) => new Date(now - ms).toISOString();
    const both = (f: () => unknown) => [f(), inPageLang('en', f)];
    expect(both(() => relativeAge(ago(0), now))).toEqual(['justo ahora', 'just now']);
    expect(both(() => relativeAge(ago(5 * 60_000), now))).toEqual(['hace 5 min', '5m ago']);
    expect(both(() => relativeAge(ago(3 * 3600_000), now))).toEqual(['hace 3 h', '3h ago']);
    expect(both(() => relativeAge(ago(2 * 86_400_000), now))).toEqual(['hace 2 d', '2d ago']);
    expect(both(() => showingText(3, 10, 23))).toEqual(['Mostrando 21 a 23 de 23 transacciones', 'Showing 21 to 23 of 23 transactions']);
    expect(both(() => statusWords('Under Review'))).toEqual(['en revisión', 'under review']);
    expect(both(() => statusWords(''))).toEqual(['desconocido', 'unknown']);
    // A status the site does not know is shown as it came; a name of Object's prototype is no status.
    expect(both(() => statusWords('constructor'))).toEqual(['constructor', 'constructor']);
    expect(both(() => typeWords('WITHDRAW'))).toEqual(['retiro', 'withdraw']);
    expect(both(() => notificationType('P2P_SENT'))).toEqual(['Enviaste créditos', 'P2P SENT']);
    expect(both(() => notificationType('SOMETHING_NEW'))).toEqual(['SOMETHING NEW', 'SOMETHING NEW']);
    expect(both(() => tipSplit({ type: 'WITHDRAW', amount: 155, tip: 5 }))).toEqual(['$150.00 enviados + $5.00 de propina', '$150.00 sent + $5.00 tip']);
    expect(both(() => formatTime(AT, false))).toEqual(['28 nov 2026, 3:45 p.m. UTC', 'Nov 28, 2026, 3:45 PM UTC']);
    expect(both(() => detailLines(tx({ type: 'P2P', direction: 'out', counterparty: 'ana@example.com' })).map((d) => d.text))).toEqual([['Para ana@example.com'], ['To ana@example.com']]);
  });
});
