// The shared field checks and texts speak the current language: the request's on the server, the page's in an
// island. Here in Spanish, and the same checks in English, so a test comparing the English constants still holds.
import { describe, expect, test } from 'bun:test';
import { inLang } from '../../i18n/request-lang';
import { checkDepositTyped } from './deposit';
import { checkGamePassword, checkGameMoveTyped } from './games';
import { checkIdentityDetails, fileMissing } from './identity';
import { checkCoolOff, checkLimits } from './play-limits';
import { checkSetupCode, checkTotp, TOTP_REQUIRED_MESSAGE } from './two-step';
import { checkFreeplay, checkP2PTyped } from './wallet';
import { checkWithdrawTyped } from './withdraw';
import { readAmount } from './amount-input';
import { amountTooLarge } from '../money';
import { destinationLabel, rateHoldText, receiveText, tipExplained, tipNote, type WithdrawReviewView } from '../withdraw-review';
import { leavesProblem } from '../solvency/check';

const es = <T,>(fn: () => T) => inLang('es', fn);
const NOW = Date.UTC(2026, 10, 28);

describe('field checks in Spanish', () => {
  test('money forms: send, deposit, withdraw, game moves, freeplay', () => {
    expect(es(() => checkP2PTyped({ email: '', amount: '' }))).toEqual({ email: 'El correo electrónico es obligatorio.', amount: 'El monto es obligatorio.' });
    expect(es(() => checkP2PTyped({ email: 'a@b.co', amount: '5.555' }))).toEqual({ amount: 'Usa como máximo dos decimales (centavos).' });
    expect(es(() => checkDepositTyped({ amount: '0' }))).toEqual({ amount: 'Escribe un monto válido mayor que 0' });
    expect(es(() => checkWithdrawTyped({ currency: 'BTC-LN', wallet_address: '', amount: 'five', tip: '2.5' }))).toEqual({
      wallet_address: 'La dirección de la billetera es obligatoria', amount: 'Escribe un monto en dólares, como 5, 5.00, $5 o 1,000.50.', tip: 'La propina debe ser un número entero de dólares',
    });
    expect(es(() => checkWithdrawTyped({ currency: 'BTC-LN', wallet_address: 'x', amount: '0.50' }))).toEqual({ amount: 'El retiro por Lightning mínimo es de $1.' });
    expect(es(() => checkGameMoveTyped({ gameId: '', userName: '', amount: '-1' }))).toEqual({ gameId: 'El juego es obligatorio', userName: 'El nombre de usuario es obligatorio', amount: 'Escribe un monto válido' });
    expect(es(() => checkGamePassword({ requestedPassword: 'has space' }))).toEqual({ requestedPassword: 'La contraseña no puede tener espacios.' });
    expect(es(() => checkFreeplay({ code: '' }))).toEqual({ code: 'Escribe un código válido' });
    expect(es(() => readAmount('0'))).toEqual({ ok: false, message: 'Escribe un monto mayor que 0.' });
    expect(es(() => amountTooLarge(100_000_00))).toBe('El monto no puede ser mayor que $100,000.');
  });

  test('identity, limits and two-step', () => {
    const known = { states: ['TX'], idTypes: ['passport'] };
    expect(es(() => checkIdentityDetails({ legalName: 'Ana', dateOfBirth: '2010-01-01', addressLine1: '', city: '', state: 'ZZ', postalCode: '1', idType: 'x' }, NOW, known))).toEqual({
      legalName: 'Escribe tu nombre legal completo como aparece en tu identificación', dateOfBirth: 'Debes tener 21 años o más para jugar y retirar',
      addressLine1: 'Escribe tu dirección', city: 'Escribe tu ciudad', state: 'Elige tu estado de EE. UU.', postalCode: 'Escribe un código postal (ZIP) de 5 dígitos',
      idType: 'Elige el tipo de tu identificación',
    });
    expect(es(() => ['front', 'back', 'selfie'].map(fileMissing))).toEqual(['Agrega una foto del frente de tu identificación', 'Agrega una foto del reverso de tu identificación', 'Agrega una foto tuya']);
    expect(es(() => checkLimits({}, () => true))).toEqual({ daily: 'Pon al menos un límite' });
    expect(es(() => checkCoolOff({ period: 'x' }))).toEqual({ period: 'Elige cuánto dura la pausa: 24h, 7d o 30d' });
    expect(es(() => checkTotp({}))).toEqual({ totp: 'Escribe el código de 6 dígitos de tu app de autenticación.' });
    expect(es(() => checkSetupCode({ code: '12' }))).toEqual({ code: 'Escribe el código de 6 dígitos que muestra tu app de autenticación.' });
  });

  test('the same checks in English outside a Spanish request: the constants tests compare still hold', () => {
    expect(checkTotp({})).toEqual({ totp: TOTP_REQUIRED_MESSAGE });
    expect(checkP2PTyped({ email: '', amount: '' })).toEqual({ email: 'Email is required.', amount: 'Amount is required.' });
  });
});

describe('shared texts in Spanish', () => {
  const review: WithdrawReviewView = {
    currency: 'BTC-CHAIN', wallet_address: 'x', destinationKind: 'address', amount: 100, tip: 20, total: 120, rate: 50_000, btcAmount: '0.00200000', btcFixed: false,
    network: 'regtest', readAt: '2026-11-28T15:45:00.000Z', expiresAt: '2026-11-28T15:55:00.000Z', timeText: '', token: 't',
  };
  test('the withdrawal review says what the player receives, how long the rate holds, and the tip, in Spanish', () => {
    expect(es(() => receiveText(review))).toBe('0.00200000 BTC a $50,000.00 por BTC');
    expect(es(() => rateHoldText(review, false))).toBe('Precio de la tienda consultado: 3:45 p.m. UTC. El monto en BTC se fija cuando confirmas, al precio de ese momento: si eso te da más de 1 % menos, o si confirmas después de 3:55 p.m. UTC, verás las cifras nuevas antes de que se envíe algo.');
    expect(es(() => tipNote(review))).toBe('Tu propina es el 20 % del monto que retiras. Cámbiala si no es lo que querías.');
    expect(es(() => [destinationLabel('bolt11'), tipExplained()])).toEqual(['A esta factura Lightning', 'Un agradecimiento para el equipo del sitio, que se suma a lo que sale de tu billetera. Igual recibes el monto completo.']);
    expect(rateHoldText(review, false)).toStartWith("The store's rate was read at 3:45 PM UTC.");
  });

  test("the proof of liabilities' check says what is wrong in Spanish", () => {
    expect(es(() => leavesProblem([]))).toBe('Ninguna hoja de esta captura se hizo con este nonce: o el nonce no es tuyo o tu saldo no está en la captura.');
    expect(es(() => leavesProblem([{ position: 0, index: 1, value: 1 }]))).toBe('Falta tu hoja 0: solo se encontraron las hojas 1.');
  });
});
