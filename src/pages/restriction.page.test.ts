import { beforeAll, describe, expect, test } from 'bun:test';
import { makeApp, page, type TestApp } from '../../tests/helpers/app';
import { createPlayer, type TestPlayer } from '../../tests/helpers/players';
import { startCoolOff, startSelfExclusion } from '../services/protection/restrictions';

let app: TestApp;
let resting: TestPlayer;
let excluded: TestPlayer;
let free: TestPlayer;

beforeAll(async () => {
  app = await makeApp();
  [resting, excluded, free] = await Promise.all([createPlayer(app), createPlayer(app), createPlayer(app)]);
  await startCoolOff(app.deps.database.client, resting.userId, '24h', Date.UTC(2030, 0, 1, 9, 0));
  await startSelfExclusion(app.deps.database.client, excluded.userId, 'permanent');
});

const html = async (p: TestPlayer, path: string) => {
  const r = await page(app, path, { cookie: `token=${p.token}` });
  expect(r.status).toBe(200);
  return r.text();
};
const COOL_OFF = 'You are on a cool-off break until Jan 2, 2030, 9:00 AM UTC. Deposits, transfers to games and sending credits are paused until then.';
const REASON = 'Paused during your cool-off break, until Jan 2, 2030, 9:00 AM UTC.';

describe('a cool-off or self-exclusion on signed-in pages', () => {
  test('every signed-in page shows the banner with the end date', async () => {
    for (const path of ['/home', '/transactions', '/deposit-bitcoin', '/p2p-transfer', '/notifications', '/profile-setting']) {
      const doc = await html(resting, path);
      expect(doc).toContain(`<div class="restriction-banner" role="status"><p>${COOL_OFF}`);
    }
    const doc = await html(excluded, '/home');
    expect(doc).toContain('You are self-excluded permanently. Deposits, transfers to games and sending credits are closed.');
  });

  test('/home: Deposit Now and Transfer to Game are disabled with the reason; Redeem and Withdraw stay open', async () => {
    const doc = await html(resting, '/home');
    expect(doc).toContain(`<button type="button" class="btn btn-primary" disabled="" aria-describedby="deposit-paused">Deposit Now</button><p class="paused-reason" id="deposit-paused">${REASON}</p>`);
    expect(doc).not.toMatch(/<a class="btn btn-primary" href="\/deposit-bitcoin" data-deposit-open="">Deposit Now/);
    // The dashboard bar's Deposit too.
    expect(doc).toContain('<button type="button" class="btn btn-primary btn-sm" disabled="" aria-describedby="deposit-paused">Deposit</button>');
    expect(doc).not.toContain('data-deposit-open="">Deposit</a>');
    expect(doc).toContain(`<p class="paused-reason" id="transfer-paused">${REASON}</p><fieldset class="paused-fieldset" disabled="" aria-describedby="transfer-paused"><div data-island="GameMoveForm"`);
    expect(doc.match(/<fieldset class="paused-fieldset"/g)!.length).toBe(1);
    // The header's deposit modal says why instead of taking an amount.
    expect(doc).toContain(`data-island="DepositModal" data-prefix="i2-" data-load="interaction" class="island"><script type="application/json">{"paused":"${REASON}"}`);
  });

  test('the P2P form and the deposit form are disabled with the reason', async () => {
    expect(await html(resting, '/p2p-transfer')).toContain(`<p class="paused-reason" id="p2p-paused">${REASON}</p><fieldset class="paused-fieldset" disabled=""`);
    expect(await html(resting, '/deposit-bitcoin')).toContain(`<p class="paused-reason" id="deposit-paused">${REASON}</p><fieldset class="paused-fieldset" disabled=""`);
  });

  test('a player without a restriction sees none of it', async () => {
    for (const path of ['/home', '/p2p-transfer', '/deposit-bitcoin']) {
      const doc = await html(free, path);
      expect(doc).not.toContain('restriction-banner');
      expect(doc).not.toContain('paused-fieldset');
    }
    expect(await html(free, '/home')).toMatch(/<a class="btn btn-primary" href="\/deposit-bitcoin" data-deposit-open="">Deposit Now<\/a>/);
  });

  test('a Spanish page says the banner and each reason in Spanish, the date as Spanish writes it', async () => {
    const es = async (path: string) => {
      const r = await page(app, path, { cookie: `token=${resting.token}; lang=es` });
      expect(r.status).toBe(200);
      return r.text();
    };
    const banner = 'Estás en una pausa hasta el 2 ene 2030, 9:00 a.m. UTC.';
    const reason = 'Detenido durante tu pausa, hasta el 2 ene 2030, 9:00 a.m. UTC.';
    const home = await es('/home');
    expect(home).toContain(`<div class="restriction-banner" role="status"><p>${banner}`);
    expect(home).toContain(`<p class="paused-reason" id="deposit-paused">${reason}</p>`);
    expect(home).toContain(`<p class="paused-reason" id="transfer-paused">${reason}</p>`);
    expect(home).toContain(`{"paused":"${reason}"}`);
    expect(home).not.toContain('cool-off break');
    expect(await es('/p2p-transfer')).toContain(`<p class="paused-reason" id="p2p-paused">${reason}</p>`);
    expect(await es('/deposit-bitcoin')).toContain(`<p class="paused-reason" id="deposit-paused">${reason}</p>`);
  });
});
