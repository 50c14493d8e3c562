// The money islands on a Spanish page (<html lang="es">): every state they show speaks Spanish, with no English left.
import { afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { renderToString } from 'react-dom/server';
import { qrSvg } from '../src/pages/qr';
import type { GameAccountView } from '../src/shared/game-accounts';
import type { WithdrawReviewView } from '../src/shared/withdraw-review';
import { FakeWebSocket } from '../tests/helpers/fake-websocket';
import { islandDom, watchIslands } from '../tests/helpers/islands';
import { englishShown, inPageLang, speakPageLang } from '../tests/helpers/spanish-islands';
import { DEPOSIT_OPEN_EVENT } from './_client/deposit';
import { openFreeplay } from './_client/freeplay';
import { walletCents } from './_client/signals';
import { ConfirmStep } from './_ui/p2p-steps';
import { PageWords } from './_ui/page-words';
import { WithdrawReview } from './_ui/withdraw-review';
import DepositModal from './DepositModal';
import DepositSimulator from './DepositSimulator';
import DepositStatus, { type DepositAddress, type DepositSummary } from './DepositStatus';
import FreeplayModal from './FreeplayModal';
import GameCredentials from './GameCredentials';
import GameMoveForm from './GameMoveForm';
import P2PTransferForm from './P2PTransferForm';
import WalletMenu from './WalletMenu';
import WithdrawForm from './WithdrawForm';

const { render, screen, fireEvent, cleanup, act } = await islandDom('http://localhost:3000/home');
speakPageLang('es');
const seen = watchIslands();
const INVOICE = 'lnbcrt50u1pnxyz7npp5' + 'qqqsyqcyq5rqwzqf'.repeat(8) + 'sp5zyg3zyg3';
const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
let addresses: DepositAddress[];

beforeAll(async () => {
  FakeWebSocket.install();
  addresses = [
    { method: 'lightning', address: INVOICE, qrSvg: await qrSvg(`lightning:${INVOICE}`), amountBtc: '0.00100000' },
    { method: 'onchain', address: ADDRESS, qrSvg: await qrSvg(`bitcoin:${ADDRESS}`), amountBtc: '0.00100000' },
  ];
});
afterEach(() => {
  cleanup();
  seen.clear();
  walletCents.value = null;
});

const text = () => document.body.textContent ?? '';
const noEnglish = async (allowed: string[] = []) => expect(await englishShown(allowed)).toEqual([]);

/** The server's HTML of an island (before its script runs), put in the page. */
const serverHtml = (html: string) => {
  document.body.innerHTML = `<div>${html}</div>`;
};

describe('the header wallet in Spanish', () => {
  test('the check finds English: the same island drawn for an English page fails it', async () => {
    inPageLang('en', () => render(<WalletMenu walletCents={500} />));
    expect(await englishShown()).toContain('Send to a player');
  });

  test('the menu, its balance and the words the boot script says', async () => {
    render(<><WalletMenu walletCents={123456} /><PageWords /></>);
    fireEvent.click(screen.getByRole('button', { name: /Saldo de la billetera/ }));
    for (const name of ['Enviar a un jugador', 'Depositar', 'Retirar', 'Juego gratis']) expect(screen.getByRole('link', { name })).toBeTruthy();
    const words = document.querySelector<HTMLElement>('[data-page-words]')!;
    expect(words.dataset.received).toBe('Recibiste {amount} de {from}');
    expect(words.dataset.close).toBe('Cerrar');
    expect(words.dataset.sessionExpired).toBe('Tu sesión venció. Vuelve a iniciar sesión.');
    await noEnglish();
  });

  test('the deposit and freeplay modals', async () => {
    render(<><DepositModal /><FreeplayModal communityUrl="https://t.me/coinreel" /></>);
    act(() => void document.dispatchEvent(new CustomEvent(DEPOSIT_OPEN_EVENT)));
    expect(screen.getByRole('dialog', { name: 'Depositar con CashApp / Bitcoin' })).toBeTruthy();
    expect(screen.getByLabelText('Monto (USD)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirmar depósito' })).toBeTruthy();
    await noEnglish();
    fireEvent.keyDown(document, { key: 'Escape' });
    act(() => openFreeplay());
    expect(screen.getByRole('dialog', { name: 'Canjear código de juego gratis' })).toBeTruthy();
    expect(screen.getByLabelText('Código de juego gratis')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Únete a Telegram (se abre en otra pestaña)' })).toBeTruthy();
    await noEnglish();
  });
});

describe('the deposit page in Spanish', () => {
  const T0 = Date.now();
  const deposit = (over: Partial<DepositSummary> = {}): DepositSummary => ({
    id: 'dep-1', invoiceId: 'inv-1', amountCents: 5_000, btcAmount: '0.00100000', status: 'pending', invoiceStatus: 'New',
    creditedCents: 0, processingCents: 0, expiresAt: new Date(T0 + 15 * 60_000).toISOString(), ...over,
  });
  const show = (over: Partial<DepositSummary> = {}) => render(<DepositStatus addresses={addresses} deposit={deposit(over)} renderedAtMs={T0} />);

  test('waiting for the payment: tabs, countdown, what to pay and how; the milestones ride on its root for the boot script', async () => {
    show();
    expect(text()).toContain('La factura vence en');
    expect(text()).toContain('Paga antes del');
    expect(screen.getByRole('tablist', { name: 'Método de depósito' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Código QR de la factura Lightning' })).toBeTruthy();
    expect(text()).toContain('Envía exactamente 0.00100000 BTC');
    expect(screen.getByRole('button', { name: 'Copiar la factura Lightning' })).toBeTruthy();
    expect(text()).toContain('ID de factura');
    const root = document.querySelector<HTMLElement>('.deposit-status')!;
    expect([root.dataset.saidExpired, root.dataset.saidOneMinute, root.dataset.saidFiveMinutes]).toEqual([
      'La factura venció. Haz un depósito nuevo para recibir otra.', 'Queda 1 minuto para pagar la factura.', 'Quedan 5 minutos para pagar la factura.',
    ]);
    await noEnglish();
    fireEvent.click(screen.getByRole('tab', { name: 'BTC OnChain' }));
    expect(screen.getByRole('img', { name: 'Código QR de la dirección de Bitcoin' })).toBeTruthy();
    await noEnglish();
  });

  test('paid, overpaid, seen and waiting, part paid after the expiry, expired', async () => {
    show({ status: 'completed', invoiceStatus: 'Settled', creditedCents: 6_000 });
    expect(text()).toContain('Pagado: $60.00 ya está en tu billetera');
    expect(text()).toContain('Pagaste $60.00 por un depósito de $50.00');
    expect(screen.getByRole('link', { name: 'Jugar ahora' })).toBeTruthy();
    await noEnglish();
    cleanup();
    show({ invoiceStatus: 'Processing', processingCents: 5_000 });
    expect(text()).toContain('Recibimos un pago de $50.00; falta que se confirme.');
    await noEnglish();
    cleanup();
    show({ status: 'expired', invoiceStatus: 'Expired', creditedCents: 2_000, expiresAt: new Date(T0 - 1000).toISOString() });
    expect(text()).toContain('Falta por pagar: $30.00');
    expect(text()).toContain('La factura venció, así que ya no se puede pagar el resto con ella.');
    await noEnglish();
    cleanup();
    show({ status: 'expired', invoiceStatus: 'Expired', expiresAt: new Date(T0 - 1000).toISOString() });
    expect(text()).toContain('Este depósito venció antes de que llegara algún pago.');
    expect(screen.getByRole('link', { name: 'Depósito nuevo' })).toBeTruthy();
    await noEnglish();
  });

  test('the sandbox simulator, before and after the payment', async () => {
    render(<DepositSimulator depositId="dep-1" action="/deposit-bitcoin" />);
    expect(screen.getByRole('button', { name: 'Pagar después de que venza' })).toBeTruthy();
    await noEnglish();
    cleanup();
    render(<DepositSimulator depositId="dep-1" action="/deposit-bitcoin" arrived="paid" />);
    expect(screen.getByRole('heading', { name: 'Simular un segundo pago' })).toBeTruthy();
    await noEnglish();
  });
});

describe('the game islands in Spanish', () => {
  const account = (over: Partial<GameAccountView> = {}): GameAccountView => ({
    id: 'ga-1', gameId: 'vblink', name: 'VBlink', image: '', userName: 'vb123', password: 'Secret12', passwordLocked: false,
    requestStatus: false, creating: false, balanceCents: 1_250, ...over,
  });

  test('credentials: shown, locked behind a code, being set up, a reset asked for; the reset dialog', async () => {
    render(<GameCredentials canPlay initial={[account(), account({ id: 'ga-2', gameId: 'ultrapanda', name: 'Ultra Panda', password: null, passwordLocked: true }), account({ id: 'ga-3', name: 'Ultra Panda', creating: true, userName: null }), account({ id: 'ga-4', requestStatus: true, balanceCents: null })]} />);
    expect(text()).toContain('Saldo del juego: $12.50');
    expect(text()).toContain('Estamos creando tu cuenta de Ultra Panda.');
    expect(text()).toContain('Cambio de contraseña solicitado');
    expect(text()).toContain('no disponible');
    expect(screen.getAllByRole('button', { name: 'Mostrar la contraseña de VBlink' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: 'Jugar una ronda de VBlink (entorno de pruebas)' }).length).toBeGreaterThan(0);
    await noEnglish();
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar la contraseña de Ultra Panda' }));
    expect(text()).toContain('La verificación en dos pasos está activada: escribe un código para ver esta contraseña.');
    expect(screen.getByLabelText('Código de verificación en dos pasos')).toBeTruthy();
    await noEnglish();
    fireEvent.click(screen.getAllByRole('button', { name: 'Restablecer la contraseña de VBlink' })[0]!);
    expect(screen.getByRole('dialog', { name: 'Restablecer la contraseña del juego' })).toBeTruthy();
    expect(text()).toContain('Elige una contraseña nueva para tu cuenta de VBlink (vb123).');
    await noEnglish();
  });

  test("before the script runs: the server's reset form, the password behind a disclosure, the code form", async () => {
    serverHtml(renderToString(<GameCredentials canPlay={false} twoStep initial={[account(), account({ id: 'ga-2', name: 'Ultra Panda', password: null, passwordLocked: true })]} />));
    expect(text()).toContain('Contraseña nueva');
    expect(text()).toContain('Restablecer contraseña');
    expect(text()).toContain('Mostrar contraseña');
    await noEnglish();
  });

  test('transfer and redeem: the form, and both balances for the chosen game', async () => {
    for (const kind of ['transfer', 'redeem'] as const) {
      render(<GameMoveForm kind={kind} accounts={[account()]} walletCents={5_000} />);
      fireEvent.change(screen.getByLabelText('Plataforma de juego'), { target: { value: 'vblink' } });
      expect(text()).toContain('Saldo disponible: $50.00');
      expect(text()).toContain('Saldo de VBlink: $12.50');
      expect(screen.getByRole('button', { name: kind === 'transfer' ? 'Transferir créditos' : 'Canjear créditos' })).toBeTruthy();
      await noEnglish();
      cleanup();
    }
  });
});

describe('sending and withdrawing in Spanish', () => {
  test('send to a player: the form, the confirmation and the receipt', async () => {
    render(<P2PTransferForm walletCents={5_000} />);
    expect(screen.getByLabelText('Correo del destinatario')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Transferir' })).toBeTruthy();
    await noEnglish();
    cleanup();
    render(<ConfirmStep email="ana@example.com" amount={12.5} recipient={{ name: 'A**a', playerId: 7 }} busy={false} />);
    expect(screen.getByRole('heading', { name: 'Confirma la transferencia' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enviar $12.50' })).toBeTruthy();
    expect(text()).toContain('ID de jugador');
    await noEnglish();
    cleanup();
    const receipt = { transactionId: 'CR-42', amount: 12.5, recipient: { name: null, playerId: 7, email: 'ana@example.com' }, createdAt: '2026-11-28T15:45:00.000Z' };
    render(<P2PTransferForm walletCents={3_750} receipt={receipt} />);
    expect(screen.getByRole('heading', { name: 'Transferencia enviada' })).toBeTruthy();
    expect(text()).toContain('ID de jugador 7');
    expect(text()).toContain('Saldo de la billetera');
    expect(screen.getByRole('link', { name: 'Listo' })).toBeTruthy();
    await noEnglish();
  });

  test('withdraw: the form with its quote and tip, then the review of everything that will happen', async () => {
    render(<WithdrawForm walletCents={30_000} rateUsdPerBtc={100_000} network="regtest" />);
    fireEvent.change(screen.getByLabelText('Monto (USD)'), { target: { value: '150' } });
    expect(text()).toContain('Tasa: $100,000.00 por BTC');
    expect(text()).toContain('Recibes unos 0.00150000 BTC');
    expect(screen.getByRole('group', { name: 'Propina (opcional)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '$5' }));
    expect(text()).toContain('Con la propina, salen $155.00 de tu billetera');
    expect(screen.getByRole('button', { name: 'Revisar retiro' })).toBeTruthy();
    await noEnglish();
    cleanup();
    const view: WithdrawReviewView = {
      currency: 'BTC-CHAIN', wallet_address: ADDRESS, destinationKind: 'address', amount: 150, tip: 50, total: 200, rate: 100_000, btcAmount: '0.00150000',
      btcFixed: false, network: 'regtest', readAt: '2026-11-28T15:45:00.000Z', expiresAt: '2026-11-28T15:50:00.000Z', timeText: '', token: 't',
    };
    render(<WithdrawReview review={view} typed={{ currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: '150', tip: '50' }} busy={false} twoStep />);
    expect(screen.getByRole('heading', { name: 'Revisa tu retiro' })).toBeTruthy();
    for (const term of ['A esta dirección de Bitcoin', 'Red', 'Monto', 'Propina', 'Sale de tu billetera', 'Recibes', 'Tasa', 'Qué pasa después']) expect(text()).toContain(term);
    expect(text()).toContain('Bitcoin on-chain (regtest)');
    expect(text()).toContain('$50.00, una propina para el equipo del sitio');
    expect(text()).toContain('0.00150000 BTC a $100,000.00 por BTC');
    expect(text()).toMatch(/Leímos la tasa de la tienda a las \d+:45 [ap]\.m\., y el monto en BTC se fija cuando confirmas/);
    expect(text()).toContain('Tu propina es el 33% del monto que retiras.');
    expect(screen.getByRole('button', { name: 'Solicitar retiro' })).toBeTruthy();
    await noEnglish();
  });
});
