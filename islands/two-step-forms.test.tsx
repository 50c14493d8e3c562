import { afterEach, beforeAll, describe, expect, test } from 'bun:test';
import type { TestApp } from '../tests/helpers/app';
import { islandDom, routeFetchTo, watchIslands } from '../tests/helpers/islands';
import { available, fund } from '../tests/helpers/money';
import { createPlayer, type TestPlayer } from '../tests/helpers/players';
import { codeFor, makeClockedApp, testClock, turnOnTwoStep } from '../tests/helpers/two-step';
import { TOTP_INVALID_MESSAGE, TOTP_REQUIRED_MESSAGE } from '../src/shared/schemas/two-step';
import AccountInfoForm from './AccountInfoForm';
import LoginForm from './LoginForm';
import P2PTransferForm from './P2PTransferForm';
import WithdrawForm from './WithdrawForm';
import { walletCents } from './_client/signals';

const { render, screen, fireEvent, waitFor, cleanup } = await islandDom('http://localhost:3000/login');
const seen = watchIslands();
const clock = testClock();
let app: TestApp;

beforeAll(async () => {
  app = await makeClockedApp(clock, { SANDBOX_PAYOUT_DELAY_S: '3600' });
});
afterEach(() => {
  cleanup();
  seen.clear();
  walletCents.value = null;
});

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const code = (v: string) => fireEvent.change(screen.getByLabelText('Two-step code'), { target: { value: v } });

async function protectedPlayer() {
  const p = await createPlayer(app);
  const on = await turnOnTwoStep(app, p, clock.t);
  clock.step();
  return { p, ...on };
}
function signedIn(p: TestPlayer) {
  const server = routeFetchTo(app);
  server.jar.set('token', p.token);
  return server;
}

describe('LoginForm with two-step on', () => {
  test('a right password opens the code step (the password is not kept in it); a wrong code is said; the right one signs in', async () => {
    const { p, secret } = await protectedPlayer();
    const server = routeFetchTo(app);
    render(<LoginForm next="/home" />);
    type('Email', p.email);
    type('Password', p.password);
    click('Login');
    expect(await screen.findByLabelText('Two-step code')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(p.email);
    expect(document.querySelector('input[type="password"]')).toBeNull();
    expect(document.body.innerHTML).not.toContain(p.password);
    expect(seen.toasts).toEqual([]);
    expect(server.jar.has('token')).toBe(false);

    click('Verify');
    expect(await screen.findByText(TOTP_REQUIRED_MESSAGE, { selector: '.field-error' })).toBeTruthy();
    code('000000');
    click('Verify');
    expect(await screen.findByText(TOTP_INVALID_MESSAGE)).toBeTruthy();
    expect(server.jar.has('token')).toBe(false);
    code(codeFor(secret, clock.t));
    click('Verify');
    expect(await screen.findByText('Login Successful')).toBeTruthy();
    expect(server.sent.at(-1)!.body).toEqual({ loginToken: expect.any(String), totp: codeFor(secret, clock.t) });
    expect(server.jar.get('token')).toBeTruthy();
    await waitFor(() => expect(seen.went).toEqual([{ how: 'assign', path: '/home' }]), { timeout: 2000 });
  });

  test('the code step from a plain post hydrates with its proof and signs in with a recovery code', async () => {
    const { p, recoveryCodes } = await protectedPlayer();
    const first = await app.handle(new Request('http://localhost:3000/api/v1/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: p.email, password: p.password }) }));
    const { loginToken } = await first.json();
    const server = routeFetchTo(app);
    render(<LoginForm form={{ action: 'code', values: { email: p.email, loginToken, remember: '' }, errors: {} }} />);
    code(recoveryCodes[0]!);
    click('Verify');
    expect(await screen.findByText('Login Successful')).toBeTruthy();
    expect(server.jar.get('token')).toBeTruthy();
  });
});

describe('protected forms show a code box when two-step is on', () => {
  test('WithdrawForm: the review asks for the code; none sends nothing; a wrong one is said at the box, nothing held; the right one withdraws', async () => {
    const { p, secret } = await protectedPlayer();
    await fund(app, p.userId, 20_000);
    const server = signedIn(p);
    render(<WithdrawForm walletCents={20_000} twoStep />);
    // The code belongs to the step that sends: the form has no box.
    expect(screen.queryByLabelText('Two-step code')).toBeNull();
    type('Wallet address', 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080');
    type('Amount (USD)', '100');
    click('Review Withdrawal');
    await screen.findByRole('heading', { name: 'Check your withdrawal' });
    click('Request Withdrawal');
    expect(await screen.findByText(TOTP_REQUIRED_MESSAGE)).toBeTruthy();
    expect(server.sent.filter((s) => s.path.includes('withdraw/confirm'))).toHaveLength(0);
    code('000000');
    click('Request Withdrawal');
    expect(await screen.findByText(TOTP_INVALID_MESSAGE)).toBeTruthy();
    expect(await available(app, p.userId)).toBe(20_000);
    // A 401 asking for a code is not an ended session: no trip to /login.
    await Bun.sleep(1100);
    expect(seen.went.filter((w) => w.path === '/login')).toEqual([]);
    code(codeFor(secret, clock.t));
    click('Request Withdrawal');
    await waitFor(() => expect(seen.toasts.some((t) => t.kind === 'success')).toBe(true));
    expect(await available(app, p.userId)).toBe(10_000);
  });

  test('WithdrawForm without two-step has no code box', () => {
    render(<WithdrawForm walletCents={0} />);
    expect(screen.queryByLabelText('Two-step code')).toBeNull();
  });

  test('a page drawn before two-step was turned on elsewhere: the API asks, and the code box appears with the question', async () => {
    const { p, secret } = await protectedPlayer();
    const friend = await createPlayer(app);
    await fund(app, p.userId, 1_000);
    signedIn(p);
    render(<P2PTransferForm walletCents={1_000} />);
    expect(screen.queryByLabelText('Two-step code')).toBeNull();
    type('Receiver Email', friend.email);
    type('Amount', '5');
    click('Transfer');
    // The confirmation first; the API asks for the code at Send, and the form shows the box with the question.
    await screen.findByRole('heading', { name: 'Confirm the transfer' });
    click('Send $5.00');
    expect(await screen.findByText(TOTP_REQUIRED_MESSAGE)).toBeTruthy();
    code(codeFor(secret, clock.t));
    click('Transfer');
    await screen.findByRole('heading', { name: 'Confirm the transfer' });
    click('Send $5.00');
    await screen.findByRole('heading', { name: 'Transfer sent' });
    expect(await available(app, friend.userId)).toBe(500);
  });

  test('P2PTransferForm: the code goes with the send', async () => {
    const { p, secret } = await protectedPlayer();
    const friend = await createPlayer(app);
    await fund(app, p.userId, 1_000);
    const server = signedIn(p);
    render(<P2PTransferForm walletCents={1_000} twoStep />);
    type('Receiver Email', friend.email);
    type('Amount', '5');
    code(codeFor(secret, clock.t));
    click('Transfer');
    await screen.findByRole('heading', { name: 'Confirm the transfer' });
    click('Send $5.00');
    await screen.findByRole('heading', { name: 'Transfer sent' });
    expect(server.sent.find((s) => s.path.endsWith('/p2p-transfer'))!.body).toMatchObject({ email: friend.email, amount: 5, totp: codeFor(secret, clock.t) });
    expect(await available(app, friend.userId)).toBe(500);
  });

  test('AccountInfoForm: the code box appears only when the e-mail is changed', async () => {
    const { p, secret } = await protectedPlayer();
    signedIn(p);
    render(<AccountInfoForm user={{ name: '', phoneNo: '', email: p.email, pendingEmail: null }} twoStep />);
    expect(screen.queryByLabelText('Two-step code')).toBeNull();
    type('Email', `new.${p.email}`);
    expect(screen.getByLabelText('Two-step code')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Your Password'), { target: { value: p.password } });
    click('Update');
    expect(await screen.findByText(TOTP_REQUIRED_MESSAGE)).toBeTruthy();
    code(codeFor(secret, clock.t));
    click('Update');
    expect(await screen.findByText(`new.${p.email}`)).toBeTruthy();
  });
});
