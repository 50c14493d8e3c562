import { describe, expect, test } from 'bun:test';
import { call, makeApp, page, type TestApp } from '../../tests/helpers/app';
import { createOperatorUser, createPlayer, type TestPlayer } from '../../tests/helpers/players';

// Deposits nobody may pay for real say so: production without BTCPay starts only as a payments demo the operator
// asked for (PAYMENTS_SANDBOX_IN_PRODUCTION=on, src/config.ts), and outside production the sandbox on mainnet hands out
// real mainnet addresses nobody holds the keys to. Then the deposit page, its QR codes and the console say it.
const NOTICE = '<strong>Payments demo (sandbox).</strong> This site is not connected to a Bitcoin payment server: do not send real Bitcoin';

/** The page of a new deposit of the player's, and the deposit. */
async function depositPage(app: TestApp, p: TestPlayer) {
  const d = (await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount: '20' }, { token: p.token })).json.data;
  const doc = await (await page(app, `/deposit-bitcoin?deposit=${d.depositId}`, { cookie: `token=${p.token}` })).text();
  return { d, doc };
}

/** Every QR code's accessible name, whether the words lie across it, and the Open in wallet links. */
const qrs = (doc: string) => ({
  labels: [...doc.matchAll(/class="deposit-qr[^"]*" role="img" aria-label="([^"]+)"/g)].map((x) => x[1]),
  stamps: [...doc.matchAll(/<p class="deposit-qr-stamp" aria-hidden="true">([^<]+)<\/p>/g)].map((x) => x[1]),
  openInWallet: (doc.match(/class="btn btn-primary btn-sm deposit-open"/g) ?? []).length,
});

describe('deposits nobody may pay for real', () => {
  test('a production payments demo: the deposit page warns players, its QR codes too; the console names it instead of "sandbox reachable"', async () => {
    const demo = await makeApp({ NODE_ENV: 'production', PAYMENTS_SANDBOX_IN_PRODUCTION: 'on', OPERATOR_TWO_STEP: 'optional', BITCOIN_NETWORK: 'mainnet' });
    const p = await createPlayer(demo);
    expect(await (await page(demo, '/deposit-bitcoin', { cookie: `token=${p.token}` })).text()).toContain(NOTICE);
    const { doc } = await depositPage(demo, p);
    expect(doc).toContain(NOTICE);
    expect(qrs(doc)).toEqual({
      labels: ['QR code of the Lightning invoice, from a sandbox: do not send real Bitcoin to it', 'QR code of the Bitcoin address, from a sandbox: do not send real Bitcoin to it'],
      stamps: ['Sandbox: do not send real Bitcoin', 'Sandbox: do not send real Bitcoin'], openInWallet: 0,
    });
    const op = await createOperatorUser(demo);
    const console_ = await (await page(demo, '/admin', { cookie: `token=${op.token}` })).text();
    expect(console_).toContain('sandbox: a payments demo (PAYMENTS_SANDBOX_IN_PRODUCTION=on)');
    expect(console_).not.toContain('sandbox reachable');
    await demo.deps.deposits.idle();
  });

  test('outside production on mainnet without BTCPay: the sandbox hands out mainnet addresses, and every place that shows them says not to pay', async () => {
    const app = await makeApp({ BITCOIN_NETWORK: 'mainnet', OPERATOR_TWO_STEP: 'optional' });
    const p = await createPlayer(app);
    const { d, doc } = await depositPage(app, p);
    // Real mainnet destinations (the site's own withdrawal check takes them): coins sent there would be lost.
    expect(d.payment_methods.map((m: { destination: string }) => m.destination.slice(0, 4))).toEqual(['lnbc', 'bc1q']);
    expect(doc).toContain(NOTICE);
    expect(qrs(doc)).toEqual({
      labels: ['QR code of the Lightning invoice, from a sandbox: do not send real Bitcoin to it', 'QR code of the Bitcoin address, from a sandbox: do not send real Bitcoin to it'],
      stamps: ['Sandbox: do not send real Bitcoin', 'Sandbox: do not send real Bitcoin'], openInWallet: 0,
    });
    // In Spanish too.
    const es = await (await page(app, `/deposit-bitcoin?deposit=${d.depositId}&lang=es`, { cookie: `token=${p.token}` })).text();
    expect(es).toContain('<strong>Demostración de pagos (entorno de pruebas).</strong>');
    expect(qrs(es).stamps).toEqual(['Entorno de pruebas: no envíes Bitcoin real', 'Entorno de pruebas: no envíes Bitcoin real']);
    // The form page (before any deposit) warns too.
    expect(await (await page(app, '/deposit-bitcoin', { cookie: `token=${p.token}` })).text()).toContain(NOTICE);
    const op = await createOperatorUser(app);
    expect(await (await page(app, '/admin', { cookie: `token=${op.token}` })).text()).toContain('sandbox on mainnet (BITCOIN_NETWORK=mainnet, no BTCPay)');
    await app.deps.deposits.idle();
  });

  test('outside production on regtest or testnet the sandbox is the usual embedded default: no demo notice, plain QR codes, Open in wallet', async () => {
    for (const network of ['regtest', 'testnet']) {
      const dev = await makeApp({ BITCOIN_NETWORK: network });
      const p = await createPlayer(dev);
      expect(await (await page(dev, '/deposit-bitcoin', { cookie: `token=${p.token}` })).text()).not.toContain('Payments demo');
      const { doc } = await depositPage(dev, p);
      expect(doc).not.toContain('Payments demo');
      expect(qrs(doc)).toEqual({ labels: ['QR code of the Lightning invoice', 'QR code of the Bitcoin address'], stamps: [], openInWallet: 2 });
      await dev.deps.deposits.idle();
    }
  });
});
