// Every mail a player receives, composed in Spanish: a Spanish subject, `<html lang="es">`, money as es-US writes it,
// dates in Spanish on the 12-hour clock, and no English sentence in the subject, the text part or the HTML part.
// Each composed in the other language's request context too: a mail's language is the one it is given, never the
// language of whatever request is current.
import { describe, expect, test } from 'bun:test';
import { englishInMail } from '../../../tests/helpers/english-mail';
import { inLang } from '../../i18n/request-lang';
import type { Lang } from '../../i18n/lang';
import type { MailMessage } from './mail.port';
import { accountExistsMail, emailChangeMail, emailChangeNoticeMail, passwordResetMail, verificationMail } from './templates';
import { emailChangedMail, newDeviceMail, passwordChangedMail, taxDetailsChangedMail, twoStepChangedMail, withdrawalRequestedMail } from './security-mails';
import { depositCreditedMail, depositHeldMail, depositReversedMail, KNOWN_REASONS, withdrawalEndedMail, type WithdrawalEnded } from './money-mails';
import { identityDecidedMail, p2pReceivedMail } from './player-mails';
import { renderQueued } from './queued-mails';
import { refusalMessage } from '../payments/withdrawal-sync';
import { CANCELLED_BY_PLAYER } from '../payments/withdrawal-review';

const site = { siteName: 'Coinreel', supportEmail: 'support@coinreel.test' };
const URL = 'https://coinreel.test';
const TO = 'jugador@example.com';
const AT = Date.UTC(2026, 10, 28, 15, 45); // 28 nov 2026, 3:45 p.m. UTC
const WHEN_ES = '28 nov 2026, 3:45 p.m. UTC';
const WHEN_EN = 'Nov 28, 2026, 3:45 PM UTC';
const ended = (w: Partial<WithdrawalEnded>): WithdrawalEnded => ({ amountCents: 123_450, tipCents: 0, currency: 'BTC-CHAIN', refundOfHeld: false, how: 'completed', reason: null, ...w });

/** Each template and branch: its Spanish subject, what its Spanish text must say, and its English subject. */
type Case = { name: string; make: (lang: Lang) => MailMessage; es: string; says?: string[]; en: string; quoted?: string[] };
const CASES: Case[] = [
  { name: 'verification', make: (l) => verificationMail(site, TO, `${URL}/verify/email/T`, l), es: 'Verifica tu cuenta de Coinreel', en: 'Verify your Coinreel account' },
  { name: 'password reset link', make: (l) => passwordResetMail(site, TO, `${URL}/reset-password/T`, l), es: 'Restablece tu contraseña de Coinreel', en: 'Reset your Coinreel password' },
  { name: 'e-mail change, to the new address', make: (l) => emailChangeMail(site, TO, `${URL}/verify/email/T`, l), es: 'Confirma tu nuevo correo de Coinreel', says: ['Confirmar correo', 'vence en 24 horas'], en: 'Confirm your new Coinreel email' },
  { name: 'e-mail change, to the old address', make: (l) => emailChangeNoticeMail(site, TO, 'nuevo@example.com', l), es: 'Se está cambiando tu correo de Coinreel', says: ['cambiar su correo a nuevo@example.com', 'comunícate con support@coinreel.test'], en: 'Your Coinreel email is being changed' },
  { name: 'you already have an account', make: (l) => accountExistsMail(site, TO, `${URL}/login`, `${URL}/forgot-password`, l), es: 'Ya tienes una cuenta de Coinreel', says: [`Inicia sesión en ${URL}/login.`, `Restablécela en ${URL}/forgot-password.`], en: 'You already have a Coinreel account' },
  { name: 'new device, with its address', make: (l) => newDeviceMail(site, TO, { device: 'Chrome on Windows', ip: '203.0.113.9', at: AT }, l), es: 'Nuevo inicio de sesión en tu cuenta de Coinreel', says: [`Chrome en Windows, dirección 203.0.113.9, el ${WHEN_ES}.`, 'comunícate con soporte (support@coinreel.test)'], en: 'New sign-in to your Coinreel account' },
  { name: 'new device, a browser without a name or address', make: (l) => newDeviceMail(site, TO, { device: 'Browser on Linux', ip: null, at: AT }, l), es: 'Nuevo inicio de sesión en tu cuenta de Coinreel', says: [`Navegador en Linux, el ${WHEN_ES}.`], en: 'New sign-in to your Coinreel account' },
  { name: 'new device, unknown', make: (l) => newDeviceMail(site, TO, { device: null, ip: null, at: AT }, l), es: 'Nuevo inicio de sesión en tu cuenta de Coinreel', says: ['Dispositivo desconocido'], en: 'New sign-in to your Coinreel account' },
  { name: 'password changed', make: (l) => passwordChangedMail(site, TO, 'changed', AT, l), es: 'Se cambió tu contraseña de Coinreel', says: [`se cambió el ${WHEN_ES}`], en: 'Your Coinreel password was changed' },
  { name: 'password reset', make: (l) => passwordChangedMail(site, TO, 'reset', AT, l), es: 'Se restableció tu contraseña de Coinreel', says: ['con un enlace enviado por correo'], en: 'Your Coinreel password was reset' },
  { name: 'e-mail changed, with the undo link', make: (l) => emailChangedMail(site, TO, { from: 'antes@example.com', to: 'despues@example.com', at: AT }, `${URL}/undo-email/T`, l), es: 'Se cambió tu correo de Coinreel', says: ['de antes@example.com a despues@example.com', 'Deshacer el cambio de correo', 'vence en 7 días'], en: 'Your Coinreel email was changed' },
  { name: 'e-mail changed, the copy without a link', make: (l) => emailChangedMail(site, TO, { from: 'antes@example.com', to: 'despues@example.com', at: AT }, undefined, l), es: 'Se cambió tu correo de Coinreel', en: 'Your Coinreel email was changed' },
  { name: 'withdrawal requested, on-chain', make: (l) => withdrawalRequestedMail(site, TO, { amountCents: 123_450, currency: 'BTC-CHAIN', destination: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', at: AT }, l), es: 'Se pidió un retiro de $1,234.50', says: ['$1,234.50 (Bitcoin en cadena)', `el ${WHEN_ES}`], en: 'Withdrawal of $1,234.50 requested' },
  { name: 'withdrawal requested, Lightning', make: (l) => withdrawalRequestedMail(site, TO, { amountCents: 500, currency: 'BTC-LN', destination: 'lnbcrt1xyz', at: AT }, l), es: 'Se pidió un retiro de $5.00', says: ['(Lightning)'], en: 'Withdrawal of $5.00 requested' },
  { name: 'two-step turned on', make: (l) => twoStepChangedMail(site, TO, true, false, AT, l), es: 'Se activó la verificación en dos pasos', says: ['app de autenticación'], en: 'Two-step verification turned on' },
  { name: 'two-step turned off', make: (l) => twoStepChangedMail(site, TO, false, false, AT, l), es: 'Se desactivó la verificación en dos pasos', en: 'Two-step verification turned off' },
  { name: 'two-step turned off by support', make: (l) => twoStepChangedMail(site, TO, false, true, AT, l), es: 'Se desactivó la verificación en dos pasos', says: ['Nuestro equipo de soporte desactivó'], en: 'Two-step verification turned off' },
  ...[[true, false], [true, true], [false, false], [false, true]].map(([first, byOperator]) => ({
    name: `tax details ${first ? 'put on file' : 'changed'}${byOperator ? ' by support' : ''}`,
    make: (l: Lang) => taxDetailsChangedMail(site, TO, { type: 'ITIN', last4: '4321', byOperator: byOperator!, first: first!, at: AT }, l),
    es: 'Se cambiaron tus datos fiscales', says: ['el ITIN que termina en 4321', 'formularios 1099', ...(byOperator ? ['Nuestro equipo de soporte'] : [])], en: 'Your tax details were changed',
  })),
  { name: 'credits from a named player', make: (l) => p2pReceivedMail(site, URL, TO, { cents: 1_250, from: { name: 'Ana', playerId: 1234567 } }, l), es: 'Recibiste créditos', says: ['Recibiste $12.50 de Ana (ID de jugador 1234567).', 'Abrir tu billetera'], en: 'You received credits', quoted: ['Ana'] },
  { name: 'credits from a player without a name', make: (l) => p2pReceivedMail(site, URL, TO, { cents: 1_250, from: { name: null, playerId: 1234567 } }, l), es: 'Recibiste créditos', says: ['Recibiste $12.50 de ID de jugador 1234567.'], en: 'You received credits' },
  { name: 'deposit credited', make: (l) => depositCreditedMail(site, URL, TO, { reachedCents: 2_000, debtCents: 0, walletCents: 2_000, over: null, allInWallet: true }, l), es: 'Llegó tu depósito', says: ['Tu depósito de $20.00 ya llegó a tu billetera.', 'Ya puedes pasarlo a un juego', 'Ver tu historial'], en: 'Your deposit has arrived' },
  { name: 'deposit credited, paying more than asked', make: (l) => depositCreditedMail(site, URL, TO, { reachedCents: 5_000, debtCents: 0, walletCents: 5_000, over: { totalCents: 5_000, askedCents: 2_500 }, allInWallet: true }, l), es: 'Llegó tu depósito', says: ['Pagaste $50.00 por un depósito de $25.00; los $50.00 están en tu billetera.'], en: 'Your deposit has arrived' },
  { name: 'deposit credited, paying more than asked, part held', make: (l) => depositCreditedMail(site, URL, TO, { reachedCents: 3_000, debtCents: 0, walletCents: 3_000, over: { totalCents: 5_000, askedCents: 2_500 }, allInWallet: false }, l), es: 'Llegó tu depósito', says: ['se te acreditó todo'], en: 'Your deposit has arrived' },
  { name: 'deposit paying back a debt', make: (l) => depositCreditedMail(site, URL, TO, { reachedCents: 2_000, debtCents: 2_000, walletCents: 0, over: null, allInWallet: false }, l), es: 'Llegó tu depósito', says: ['$20.00 se usó para pagar lo que debías.'], en: 'Your deposit has arrived' },
  { name: 'deposit paying back a debt, the rest in the wallet', make: (l) => depositCreditedMail(site, URL, TO, { reachedCents: 10_000, debtCents: 7_000, walletCents: 3_000, over: null, allInWallet: false }, l), es: 'Llegó tu depósito', says: ['$70.00 se usó para pagar lo que debías y $30.00 está en tu billetera.'], en: 'Your deposit has arrived' },
  ...(['limit', 'cool_off', 'self_exclusion'] as const).map((reason) => ({
    name: `deposit held (${reason})`, make: (l: Lang) => depositHeldMail(site, URL, TO, { cents: 6_000, reason }, l),
    es: 'Parte de tu depósito está retenida', says: [{ limit: 'pasa tu límite de depósito', cool_off: 'durante tu pausa', self_exclusion: 'durante tu autoexclusión' }[reason], '$60.00'], en: 'Part of your deposit is held',
  })),
  { name: 'deposit reversed, from the wallet, with a debt', make: (l) => depositReversedMail(site, URL, TO, { cents: 10_000, takenCents: 3_000, fromHeldOnly: false, owedCents: 7_000 }, l), es: 'Se revirtió un depósito de Bitcoin', says: ['Descontamos $30.00 de tu billetera.', 'Debes $70.00.'], en: 'A Bitcoin deposit was reversed' },
  { name: 'deposit reversed, from held money', make: (l) => depositReversedMail(site, URL, TO, { cents: 10_000, takenCents: 10_000, fromHeldOnly: true, owedCents: 0 }, l), es: 'Se revirtió un depósito de Bitcoin', says: ['Descontamos $100.00 de tu dinero retenido.'], en: 'A Bitcoin deposit was reversed' },
  { name: 'withdrawal sent on-chain, with a tip', make: (l) => withdrawalEndedMail(site, URL, TO, ended({ tipCents: 100 }), l), es: 'Enviamos tu retiro', says: ['Enviamos tu retiro de $1,234.50. Recibimos tu propina de $1.00; ¡gracias!', 'en cuanto la red de Bitcoin lo confirme'], en: 'Your withdrawal was sent' },
  { name: 'withdrawal sent over Lightning', make: (l) => withdrawalEndedMail(site, URL, TO, ended({ currency: 'BTC-LN' }), l), es: 'Enviamos tu retiro', says: ['Se pagó por Lightning'], en: 'Your withdrawal was sent' },
  ...KNOWN_REASONS.map((reason) => ({
    name: `withdrawal not sent: ${reason}`, make: (l: Lang) => withdrawalEndedMail(site, URL, TO, ended({ how: 'failed', reason, tipCents: 50 }), l),
    es: 'No se envió tu retiro', says: ['Tu retiro no se envió:', '$1,235.00 volvió a tu billetera.', 'Puedes pedir un nuevo retiro'], en: 'Your withdrawal was not sent',
  })),
  { name: 'withdrawal cancelled, no reason given', make: (l) => withdrawalEndedMail(site, URL, TO, ended({ how: 'cancelled' }), l), es: 'No se envió tu retiro', says: ['Tu retiro se canceló: no se indicó el motivo.'], en: 'Your withdrawal was not sent' },
  { name: 'refund of held money sent', make: (l) => withdrawalEndedMail(site, URL, TO, ended({ refundOfHeld: true, amountCents: 20_000 }), l), es: 'Enviamos tu reembolso', says: ['Enviamos el reembolso de $200.00 de tu depósito retenido.'], en: 'Your refund was sent' },
  { name: 'refund of held money cancelled', make: (l) => withdrawalEndedMail(site, URL, TO, ended({ refundOfHeld: true, how: 'cancelled', reason: 'The payout was cancelled.' }), l), es: 'No se envió tu reembolso', says: ['se canceló: Se canceló el pago. El dinero vuelve a estar retenido'], en: 'Your refund was not sent' },
  { name: 'refund of held money not sent', make: (l) => withdrawalEndedMail(site, URL, TO, ended({ refundOfHeld: true, how: 'failed', reason: 'The payment server refused this withdrawal.' }), l), es: 'No se envió tu reembolso', says: ['no se envió: El servidor de pagos rechazó este retiro.'], en: 'Your refund was not sent' },
  { name: 'identity verified', make: (l) => identityDecidedMail(site, URL, TO, { verified: true, reason: 'Documents match', verifyPath: '/verify-identity' }, l), es: 'Tu identidad está verificada', says: ['Ya puedes retirar.', 'Ir a tu billetera'], en: 'Your identity is verified' },
  { name: 'identity not verified', make: (l) => identityDecidedMail(site, URL, TO, { verified: false, reason: 'La foto está borrosa.', verifyPath: '/verify-identity' }, l), es: 'No pudimos verificar tu identidad', says: ['No aceptamos tus documentos de identidad: La foto está borrosa. Puedes enviarlos de nuevo.', `${URL}/verify-identity`], en: 'We could not verify your identity' },
];

describe('every player mail in Spanish', () => {
  for (const c of CASES)
    test(c.name, () => {
      // Composed while an English request is current: the mail's language is the one it is given.
      const mail = inLang('en', () => c.make('es'));
      expect(mail.subject).toBe(c.es);
      expect(mail.html).toContain('<html lang="es">');
      expect(mail.text).toContain('¿Preguntas? support@coinreel.test');
      expect(englishInMail(mail, c.quoted)).toEqual([]);
      for (const s of c.says ?? []) expect(mail.text).toContain(s);
      // And the same in English while a Spanish request is current.
      const en = inLang('es', () => c.make('en'));
      expect(en.subject).toBe(c.en);
      expect(en.html).toContain('<html lang="en">');
      expect(en.text).toContain('Questions? support@coinreel.test');
    });

  test('dates: Spanish on the 12-hour clock in Spanish, the same clock in English', () => {
    expect(passwordChangedMail(site, TO, 'changed', AT, 'es').text).toContain(WHEN_ES);
    expect(passwordChangedMail(site, TO, 'changed', AT, 'en').text).toContain(`The password of your account was changed on ${WHEN_EN}.`);
  });

  test('the helper finds English: a mail left in English is caught, line by line', () => {
    const en = depositHeldMail(site, URL, TO, { cents: 6_000, reason: 'limit' }, 'en');
    expect(englishInMail(en)).toContain('Part of your deposit is held');
    expect(englishInMail({ ...depositHeldMail(site, URL, TO, { cents: 6_000, reason: 'limit' }, 'es'), text: 'Tu depósito\nContact support to have it released.' })).toEqual(['Contact support to have it released.']);
  });

  test("an operator's reason is quoted as written: the mail around it is Spanish", () => {
    const reason = 'The photo of the front is blurred.';
    const mail = identityDecidedMail(site, URL, TO, { verified: false, reason, verifyPath: '/verify-identity' }, 'es');
    expect(mail.text).toContain(`No aceptamos tus documentos de identidad: ${reason} Puedes enviarlos de nuevo.`);
    expect(englishInMail(mail, [reason])).toEqual([]);
    const typed = withdrawalEndedMail(site, URL, TO, ended({ how: 'cancelled', reason: 'Destination flagged by compliance.' }), 'es');
    expect(typed.text).toContain('Tu retiro se canceló: Destination flagged by compliance. $1,234.50 volvió a tu billetera.');
  });

  test("every reason the site itself gives for an unsent withdrawal has its Spanish", () => {
    const ours = ['duplicate-destination', 'overdraft', 'amount-too-low', undefined].map(refusalMessage);
    expect(KNOWN_REASONS).toEqual(expect.arrayContaining([...ours, CANCELLED_BY_PLAYER, 'The payout was cancelled.', 'The payment server could not be reached in time.']));
    for (const reason of KNOWN_REASONS) expect(withdrawalEndedMail(site, URL, TO, ended({ how: 'failed', reason }), 'es').text).not.toContain(reason);
  });
});

describe('queued rows: the language they carry', () => {
  const render = renderQueued(site, URL);
  const p2p = { cents: 1_250, name: null, playerId: 1234567, transferId: 't' };

  test("a row's language decides; a row without one (queued before rows carried it) or with another is English", () => {
    expect(inLang('en', () => render('p2p-received', TO, { ...p2p, lang: 'es' })).subject).toBe('Recibiste créditos');
    expect(inLang('es', () => render('p2p-received', TO, { ...p2p, lang: 'en' })).subject).toBe('You received credits');
    expect(inLang('es', () => render('p2p-received', TO, p2p)).subject).toBe('You received credits');
    expect(render('p2p-received', TO, { ...p2p, lang: 'fr' }).subject).toBe('You received credits');
  });

  test('every kind a player receives renders in Spanish from its row', () => {
    const rows: [string, Record<string, unknown>, string][] = [
      ['p2p-received', p2p, 'Recibiste créditos'],
      ['deposit-credited', { reachedCents: 2_000, debtCents: 0, walletCents: 2_000, over: null, allInWallet: true }, 'Llegó tu depósito'],
      ['deposit-held', { cents: 6_000, reason: 'cool_off' }, 'Parte de tu depósito está retenida'],
      ['deposit-reversed', { cents: 10_000, takenCents: 10_000, fromHeldOnly: false, owedCents: 0 }, 'Se revirtió un depósito de Bitcoin'],
      ['withdrawal-ended', ended({ how: 'failed', reason: CANCELLED_BY_PLAYER }), 'No se envió tu retiro'],
      ['identity-decided', { verified: true, reason: 'ok', path: '/verify-identity' }, 'Tu identidad está verificada'],
      ['account-exists', {}, 'Ya tienes una cuenta de Coinreel'],
      ['withdrawal-requested', { amountCents: 10_000, currency: 'BTC-CHAIN', destination: 'bcrt1q', at: AT }, 'Se pidió un retiro de $100.00'],
      ['password-changed', { how: 'reset', at: AT }, 'Se restableció tu contraseña de Coinreel'],
      ['email-changed', { from: 'a@example.com', to: 'b@example.com', at: AT }, 'Se cambió tu correo de Coinreel'],
      ['two-step-changed', { on: true, byOperator: false, at: AT }, 'Se activó la verificación en dos pasos'],
      ['tax-details-changed', { type: 'SSN', last4: '6789', byOperator: false, first: true, at: AT }, 'Se cambiaron tus datos fiscales'],
      ['new-device', { device: 'Safari on iOS', ip: null, at: AT }, 'Nuevo inicio de sesión en tu cuenta de Coinreel'],
    ];
    for (const [kind, data, subject] of rows) {
      const mail = inLang('en', () => render(kind, TO, { ...data, lang: 'es' }));
      expect([kind, mail.subject]).toEqual([kind, subject]);
      expect([kind, englishInMail(mail)]).toEqual([kind, []]);
    }
  });

  test('rows queued before the amounts travelled: sent as they were written', () => {
    expect(render('p2p-received', TO, { content: 'You received $4.00 from Player ID 7.', transferId: 't' }).text).toContain('You received $4.00 from Player ID 7.');
    expect(render('withdrawal-requested', TO, { amount: '$100.00', currency: 'BTC-LN', destination: 'lnbc', at: AT }).subject).toBe('Withdrawal of $100.00 requested');
    const notice = render('notice', TO, { subject: 'Your deposit has arrived', heading: 'Deposit received', paragraphs: ['Your deposit of $20.00 has arrived in your wallet.'], action: { label: 'See your history', path: '/transactions' } });
    expect([notice.subject, notice.text.includes(`See your history: ${URL}/transactions`)]).toEqual(['Your deposit has arrived', true]);
  });
});
