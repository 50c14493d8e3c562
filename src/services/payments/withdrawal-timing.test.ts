import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { loadConfig } from '../../config';
import { call, makeApp, page, type TestApp } from '../../../tests/helpers/app';
import { fund } from '../../../tests/helpers/money';
import { createPlayer } from '../../../tests/helpers/players';
import { WITHDRAWAL_TIME_DEFAULT, WITHDRAWAL_TIME_QUICK, withdrawalTimeText } from '../../shared/withdrawal-time';
import { autoApproveCents, withdrawalTiming } from './withdrawal-timing';

describe('WITHDRAWAL_TIME_TEXT', () => {
  test('defaults to words that promise no time; an operator may set their own, trimmed; empty counts as unset', () => {
    expect(loadConfig({}).WITHDRAWAL_TIME_TEXT).toBe('Larger withdrawals are reviewed by our team before they are sent.');
    expect(loadConfig({ WITHDRAWAL_TIME_TEXT: '  Reviewed withdrawals are sent within one business day.  ' }).WITHDRAWAL_TIME_TEXT).toBe('Reviewed withdrawals are sent within one business day.');
    expect(loadConfig({ WITHDRAWAL_TIME_TEXT: '' }).WITHDRAWAL_TIME_TEXT).toBe(WITHDRAWAL_TIME_DEFAULT);
    expect(() => loadConfig({ WITHDRAWAL_TIME_TEXT: 'x'.repeat(301) })).toThrow(/WITHDRAWAL_TIME_TEXT/);
  });
});

describe('the withdrawal-time sentence', () => {
  const cfg = (env: Record<string, string>) => loadConfig(env);

  test('the sandbox approves everything: "usually within minutes", whatever the amount', () => {
    const t = withdrawalTiming(cfg({}), true);
    expect(withdrawalTimeText(t)).toBe(WITHDRAWAL_TIME_QUICK);
    expect(withdrawalTimeText(t, 500_000)).toBe(WITHDRAWAL_TIME_QUICK);
  });

  test('nothing approved without an operator (BTCPay, threshold 0): the operator\'s text only', () => {
    const t = withdrawalTiming(cfg({ WITHDRAWAL_TIME_TEXT: 'We send reviewed withdrawals on weekdays.' }), false);
    expect(withdrawalTimeText(t)).toBe('We send reviewed withdrawals on weekdays.');
    expect(withdrawalTimeText(t, 100)).toBe('We send reviewed withdrawals on weekdays.');
  });

  test('a threshold: amounts at or below it are quick, above it the operator\'s text; the general sentence names both', () => {
    const t = withdrawalTiming(cfg({ WITHDRAWAL_AUTO_APPROVE_DOLLARS: '250' }), false);
    expect(withdrawalTimeText(t, 25_000)).toBe(WITHDRAWAL_TIME_QUICK);
    expect(withdrawalTimeText(t, 25_001)).toBe(WITHDRAWAL_TIME_DEFAULT);
    expect(withdrawalTimeText(t)).toBe(`Withdrawals up to $250.00 are usually sent within minutes. ${WITHDRAWAL_TIME_DEFAULT}`);
    // The sandbox with a threshold set reviews the larger ones too.
    expect(autoApproveCents(cfg({ WITHDRAWAL_AUTO_APPROVE_DOLLARS: '250' }), true)).toBe(25_000);
  });

  test('a threshold at or above the daily limit covers every withdrawal: "usually within minutes"', () => {
    expect(withdrawalTimeText(withdrawalTiming(cfg({ WITHDRAWAL_AUTO_APPROVE_DOLLARS: '5000' }), false))).toBe(WITHDRAWAL_TIME_QUICK);
    expect(withdrawalTimeText(withdrawalTiming(cfg({ WITHDRAWAL_AUTO_APPROVE_DOLLARS: '4999.99' }), false))).not.toBe(WITHDRAWAL_TIME_QUICK);
  });
});

describe('the screens follow the settings', () => {
  let app: TestApp;
  const OWN = 'Withdrawals over $100 are checked by hand and sent the same day.';
  beforeAll(async () => {
    app = await makeApp({ WITHDRAWAL_AUTO_APPROVE_DOLLARS: '100', WITHDRAWAL_TIME_TEXT: OWN });
  });
  afterAll(() => app.deps.database.client.close());
  const general = `Withdrawals up to $100.00 are usually sent within minutes. ${OWN}`;

  test('landing, support, terms and the dashboard say the operator\'s words, never a fixed time', async () => {
    const p = await createPlayer(app);
    for (const [path, cookie] of [['/', ''], ['/support', ''], ['/terms-condition', ''], ['/about-us', ''], ['/home', `token=${p.token}`]] as const) {
      const doc = await (await page(app, path, cookie ? { cookie } : {})).text();
      expect(doc).not.toContain('1 to 4 hours');
      expect(doc).toContain(general);
    }
  });

  test('a request\'s answer speaks of its own amount', async () => {
    const p = await createPlayer(app);
    await fund(app, p.userId, 50_000);
    const ask = (amount: number) => call(app, 'POST', '/api/v1/withdraw/withdraw-request', { currency: 'BTC-CHAIN', wallet_address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', amount }, { token: p.token });
    expect((await ask(100)).json.message).toBe(`Withdrawal of $100.00 requested. ${WITHDRAWAL_TIME_QUICK}`);
    expect((await ask(150)).json.message).toBe(`Withdrawal of $150.00 requested. ${OWN}`);
  });
});
