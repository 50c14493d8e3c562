import { describe, expect, test } from 'bun:test';
import { makeApp, page } from '../../tests/helpers/app';
import { createOperatorUser, createPlayer } from '../../tests/helpers/players';

// Production without BTCPay starts only as a payments demo the operator asked for (PAYMENTS_SANDBOX_IN_PRODUCTION=on,
// src/config.ts), and then the deposit page and the console say it.
describe('a production payments demo', () => {
  test('the deposit page warns players; the console names it instead of "sandbox reachable"', async () => {
    const demo = await makeApp({ NODE_ENV: 'production', PAYMENTS_SANDBOX_IN_PRODUCTION: 'on', OPERATOR_TWO_STEP: 'optional' });
    const p = await createPlayer(demo);
    const deposit = await (await page(demo, '/deposit-bitcoin', { cookie: `token=${p.token}` })).text();
    expect(deposit).toContain('<strong>Payments demo.</strong> This site is not connected to a Bitcoin payment server');
    const op = await createOperatorUser(demo);
    const console_ = await (await page(demo, '/admin', { cookie: `token=${op.token}` })).text();
    expect(console_).toContain('sandbox: a payments demo (PAYMENTS_SANDBOX_IN_PRODUCTION=on)');
    expect(console_).not.toContain('sandbox reachable');
    await demo.deps.deposits.idle();
  });

  test('outside production the sandbox is the usual embedded default: no demo notice', async () => {
    const dev = await makeApp();
    const p = await createPlayer(dev);
    expect(await (await page(dev, '/deposit-bitcoin', { cookie: `token=${p.token}` })).text()).not.toContain('Payments demo.');
  });
});
