import { beforeAll, describe, expect, test } from 'bun:test';
import { BASE, page, type TestApp } from '../../tests/helpers/app';
import { rows } from '../../tests/helpers/accounts';
import { available, fund } from '../../tests/helpers/money';
import { createPlayer, formTokenOf, type TestPlayer } from '../../tests/helpers/players';
import { codeFor, makeClockedApp, testClock, turnOnTwoStep } from '../../tests/helpers/two-step';
import { TOTP_INVALID_MESSAGE, TOTP_REQUIRED_MESSAGE } from '../shared/schemas/two-step';

const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
const clock = testClock();
let app: TestApp;
beforeAll(async () => {
  app = await makeClockedApp(clock, { SANDBOX_PAYOUT_DELAY_S: '3600' });
});

/** A plain form post, as a browser without script sends it. */
const post = (path: string, fields: Record<string, string>, p?: TestPlayer) =>
  app.handle(new Request(BASE + path, {
    method: 'POST', redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: BASE, ...(p && { cookie: `token=${p.token}` }) },
    body: new URLSearchParams({ ...(p && { _token: formTokenOf(app, p) }), ...fields }),
  }));
const propsOf = (doc: string, island: string) => JSON.parse(new RegExp(`data-island="${island}"[^>]*><script type="application/json">(.*?)</script>`).exec(doc)![1]!);

describe('/login without script, two-step on', () => {
  test('password step → code step carrying a proof, never the password; a wrong code stays there; the right code signs in', async () => {
    const p = await createPlayer(app, { password: 'Very-Secret-42!' });
    const { secret } = await turnOnTwoStep(app, p, clock.t);
    clock.step();
    const first = await post('/login', { email: p.email, password: p.password, remember: 'on', next: '/home#withdraw' });
    expect(first.status).toBe(401);
    expect(first.headers.get('set-cookie') ?? '').not.toContain('token=');
    const doc = await first.text();
    expect(doc).not.toContain(p.password);
    const props = propsOf(doc, 'LoginForm');
    expect(props.form).toMatchObject({ action: 'code', values: { email: p.email, remember: 'on', next: '/home#withdraw' }, errors: {} });
    const loginToken = props.form.values.loginToken;
    expect(loginToken).toBeString();
    // The server-rendered code step: a plain form with the proof, the code box and the address shown.
    expect(doc).toContain('name="_action" value="code"');
    expect(doc).toContain('name="totp"');
    expect(doc).toContain(TOTP_REQUIRED_MESSAGE);

    const wrong = await post('/login', { _action: 'code', loginToken, email: p.email, remember: 'on', next: '/home#withdraw', totp: '000000' });
    expect(wrong.status).toBe(401);
    const wrongProps = propsOf(await wrong.text(), 'LoginForm');
    expect(wrongProps.form).toMatchObject({ action: 'code', errors: { totp: TOTP_INVALID_MESSAGE } });

    const ok = await post('/login', { _action: 'code', loginToken: wrongProps.form.values.loginToken, email: p.email, remember: 'on', next: '/home#withdraw', totp: codeFor(secret, clock.t) });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/home#withdraw');
    expect(ok.headers.getSetCookie().some((c) => c.startsWith('token=') && c.includes('Max-Age='))).toBe(true);
  });

  test('a forged proof sends the player back to the password step with the address kept', async () => {
    const p = await createPlayer(app);
    await turnOnTwoStep(app, p, clock.t);
    const r = await post('/login', { _action: 'code', loginToken: 'forged.proof', email: p.email, totp: '123456' });
    expect(r.status).toBe(401);
    const props = propsOf(await r.text(), 'LoginForm');
    expect(props.form).toMatchObject({ action: 'default', values: { email: p.email }, message: 'Your sign-in took too long. Please enter your email and password again.' });
  });
});

describe('protected plain forms, two-step on', () => {
  test('withdraw: the review asks for the code; without it nothing moves and the review stays; with it the withdrawal is made', async () => {
    const p = await createPlayer(app);
    await fund(app, p.userId, 20_000);
    const { secret } = await turnOnTwoStep(app, p, clock.t);
    clock.step();
    const home = await (await page(app, '/home', { cookie: `token=${p.token}` })).text();
    expect(propsOf(home, 'WithdrawForm').twoStep).toBe(true);
    const fields = { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: '100', tip: '' };
    const review = await post('/home', { ...fields, _action: 'withdraw' }, p);
    const doc = await review.text();
    expect(doc).toContain('id="withdraw-totp"');
    const token = propsOf(doc, 'WithdrawForm').review.view.token;
    const confirm = { ...fields, _action: 'withdraw-confirm', destination: ADDRESS, review: token };
    const refused = await post('/home', { ...confirm, _key: crypto.randomUUID() }, p);
    expect(refused.status).toBe(401);
    expect(propsOf(await refused.text(), 'WithdrawForm').review).toMatchObject({ totpError: TOTP_REQUIRED_MESSAGE, typed: { wallet_address: ADDRESS, amount: '100' } });
    expect(await available(app, p.userId)).toBe(20_000);
    const ok = await post('/home', { ...confirm, _key: crypto.randomUUID(), totp: codeFor(secret, clock.t) }, p);
    expect(ok.status).toBe(303);
    expect(await available(app, p.userId)).toBe(10_000);
  });

  test('without two-step the forms show no code box', async () => {
    const p = await createPlayer(app);
    const home = await (await page(app, '/home', { cookie: `token=${p.token}` })).text();
    expect(home).not.toContain('name="totp"');
    expect(propsOf(await (await page(app, '/p2p-transfer', { cookie: `token=${p.token}` })).text(), 'P2PTransferForm').twoStep).toBe(false);
  });

  test('P2P and an e-mail change: refused without the code, done with it', async () => {
    const p = await createPlayer(app);
    const friend = await createPlayer(app);
    await fund(app, p.userId, 1_000);
    const { secret } = await turnOnTwoStep(app, p, clock.t);
    clock.step();
    expect(propsOf(await (await page(app, '/p2p-transfer', { cookie: `token=${p.token}` })).text(), 'P2PTransferForm').twoStep).toBe(true);
    // An empty code box is refused at the first step, before any confirmation.
    const empty = await post('/p2p-transfer', { email: friend.email, amount: '5', totp: '' }, p);
    expect(empty.status).toBe(400);
    const emptyPage = await empty.text();
    expect(emptyPage).toContain('aria-invalid="true"');
    expect(emptyPage).not.toContain('Confirm the transfer');
    // The code typed at the first step rides to the confirmation's Send, which is where it is checked.
    const confirm = await (await post('/p2p-transfer', { email: friend.email, amount: '5', totp: '000000' }, p)).text();
    expect(confirm).toContain('<input type="hidden" name="totp" value="000000"/>');
    expect((await post('/p2p-transfer', { _action: 'send', email: friend.email, amount: '5', _key: crypto.randomUUID(), totp: '000000' }, p)).status).toBe(401);
    expect(await available(app, friend.userId)).toBe(0);
    expect((await post('/p2p-transfer', { _action: 'send', email: friend.email, amount: '5', _key: crypto.randomUUID(), totp: codeFor(secret, clock.t) }, p)).status).toBe(303);
    expect(await available(app, friend.userId)).toBe(500);

    clock.step();
    const profile = { _action: 'profile', name: 'Pat', phoneNo: '', email: `moved.${p.email}`, currentPassword: p.password };
    const refused = await post('/profile-setting', profile, p);
    expect(refused.status).toBe(401);
    expect(propsOf(await refused.text(), 'AccountInfoForm').form.errors).toEqual({ totp: TOTP_REQUIRED_MESSAGE });
    expect((await rows(app, 'SELECT pending_email FROM users WHERE id = ?', [p.userId]))[0]!.pending_email).toBeNull();
    expect((await post('/profile-setting', { ...profile, totp: codeFor(secret, clock.t) }, p)).status).toBe(303);
    expect((await rows(app, 'SELECT pending_email FROM users WHERE id = ?', [p.userId]))[0]!.pending_email).toBe(`moved.${p.email}`);
  });
});

describe('/profile-setting two-step section without script', () => {
  test('turn on: QR and key, a wrong code keeps the same key, the right one shows ten codes with a download; then off', async () => {
    const p = await createPlayer(app);
    const start = await (await page(app, '/profile-setting', { cookie: `token=${p.token}` })).text();
    expect(propsOf(start, 'TwoStepSettings')).toMatchObject({ enabled: false, form: null });
    expect(start).toContain('value="2fa-setup"');

    const setup = await post('/profile-setting', { _action: '2fa-setup' }, p);
    expect(setup.status).toBe(200);
    expect(setup.headers.get('cache-control')).toContain('no-store');
    const setupDoc = await setup.text();
    const { values } = propsOf(setupDoc, 'TwoStepSettings').form;
    expect(values.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(values.qrSvg).toStartWith('<svg');
    expect(setupDoc).toContain('data:image/svg+xml');

    const wrong = await post('/profile-setting', { _action: '2fa-enable', secret: values.secret, otpauthUrl: values.otpauthUrl, code: '000000', currentPassword: p.password }, p);
    expect(wrong.status).toBe(400);
    const again = propsOf(await wrong.text(), 'TwoStepSettings').form;
    expect(again.values.secret).toBe(values.secret);
    expect(again.errors.code).toBeString();

    // The right code without the password: refused at the password box, on the same set-up.
    const noPassword = await post('/profile-setting', { _action: '2fa-enable', secret: values.secret, otpauthUrl: values.otpauthUrl, code: codeFor(values.secret, clock.t), currentPassword: '' }, p);
    expect(noPassword.status).toBe(400);
    const noPasswordDoc = await noPassword.text();
    expect(propsOf(noPasswordDoc, 'TwoStepSettings').form).toMatchObject({ values: { secret: values.secret }, errors: { currentPassword: 'Current password is required' } });
    expect(noPasswordDoc).toContain('name="currentPassword"');
    expect(noPasswordDoc).toContain('Current password is required');

    const on = await post('/profile-setting', { _action: '2fa-enable', secret: values.secret, otpauthUrl: values.otpauthUrl, code: codeFor(values.secret, clock.t), currentPassword: p.password }, p);
    expect(on.status).toBe(200);
    const onDoc = await on.text();
    const codes = propsOf(onDoc, 'TwoStepSettings').form.values.recoveryCodes.split(' ');
    expect(codes).toHaveLength(10);
    expect(onDoc).toContain('download="coinreel-recovery-codes.txt"');

    const later = await (await page(app, '/profile-setting', { cookie: `token=${p.token}` })).text();
    expect(propsOf(later, 'TwoStepSettings')).toMatchObject({ enabled: true, form: null });
    expect(later).not.toContain(codes[0]);

    const badOff = await post('/profile-setting', { _action: '2fa-disable', totp: '000000' }, p);
    expect(propsOf(await badOff.text(), 'TwoStepSettings').form).toMatchObject({ action: '2fa-disable', errors: { totp: TOTP_INVALID_MESSAGE } });
    const newCodes = await post('/profile-setting', { _action: '2fa-regenerate', totp: codes[0] }, p);
    expect(propsOf(await newCodes.text(), 'TwoStepSettings').form.values.recoveryCodes.split(' ')).toHaveLength(10);
    const off = await post('/profile-setting', { _action: '2fa-disable', totp: codes[1] }, p);
    // The regenerated set replaced the old codes: the second old code no longer works.
    expect(off.status).toBe(401);
    clock.step();
    const off2 = await post('/profile-setting', { _action: '2fa-disable', totp: codeFor(values.secret, clock.t) }, p);
    expect(off2.status).toBe(303);
    expect(propsOf(await (await page(app, '/profile-setting', { cookie: `token=${p.token}` })).text(), 'TwoStepSettings').enabled).toBe(false);
  });
});
