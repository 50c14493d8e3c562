import { describe, expect, test } from 'bun:test';
import { asStored, moment, parseStored, renderStored, stored, storedText } from './stored-text';
import { reasonEnglish, reasonInput, reasonText } from './reasons';

describe('stored texts: a key and inputs, said in the reader\'s language', () => {
  test('plain inputs, a nested text and a moment are each said in the language asked', () => {
    const s = stored('api_note_withdrawal_cancelled', { amount: '$5.00', reason: stored('api_reason_payout_cancelled') });
    expect(renderStored(s, 'en')).toBe('Your withdrawal was cancelled: The payout was cancelled. $5.00 is back in your wallet.');
    expect(renderStored(s, 'es')).toBe('Tu retiro se canceló: El pago se canceló. $5.00 volvió a tu billetera.');
    const at = Date.UTC(2026, 10, 28, 15, 45);
    const notice = stored('api_note_solvency', { amount: '$7.00', at: moment(at, 'snapshot') });
    expect(renderStored(notice, 'en')).toStartWith('Your balance of $7.00 on 28 Nov 2026, 15:45 UTC is in');
    expect(renderStored(notice, 'es')).toStartWith('Tu saldo de $7.00 del 28 nov 2026, 15:45 UTC está en');
    expect(storedText(notice).render('es')).toBe(renderStored(notice, 'es'));
    // A moment without a style is said as the site writes times, on the 12-hour clock.
    expect(renderStored(stored('api_note_join', { first: moment(at), second: '' }), 'es')).toBe('28 nov 2026, 3:45 p.m. UTC ');
  });

  test('what comes back from the database or a push is checked: unknown keys, other areas and bad inputs are refused', () => {
    const good = stored('api_note_p2p_sent', { amount: '$1.00', email: 'a@example.com' });
    expect(parseStored(JSON.stringify(good))).toEqual(good);
    expect(asStored(good)).toEqual(good);
    for (const bad of [null, '', 'not json', '{"k":"api_gone"}', '{"k":"auth_login_ok"}', '{"k":"api_note_join","i":{"first":{"k":"api_gone"},"second":""}}',
      '{"k":"api_note_join","i":{"first":true,"second":""}}', '{"k":"api_note_join","i":{"first":{"at":"soon"},"second":""}}', '{"k":"api_note_join","i":7}'])
      expect(parseStored(bad)).toBeNull();
    expect(asStored({ k: 'toString' })).toBeNull();
  });
});

describe("the site's own reasons", () => {
  test('are kept in English and said in the reader\'s language; anyone else\'s words are shown as written', () => {
    const english = reasonEnglish('api_reason_duplicate_destination');
    expect(english).toBe('This address already has a withdrawal in progress. Wait for it to finish, or use another address.');
    expect(reasonText(english).render('es')).toBe('Esta dirección ya tiene un retiro en curso. Espera a que termine o usa otra dirección.');
    expect(reasonInput(` ${english}`)).toEqual(stored('api_reason_duplicate_destination'));
    expect(reasonText('Address flagged by the operator.').render('es')).toBe('Address flagged by the operator.');
    expect(reasonInput('Address flagged by the operator.')).toBe('Address flagged by the operator.');
  });
});
