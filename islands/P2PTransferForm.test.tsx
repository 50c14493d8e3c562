import { afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { makeApp, type TestApp } from '../tests/helpers/app';
import { islandDom, routeFetchTo, watchIslands } from '../tests/helpers/islands';
import { available, fund } from '../tests/helpers/money';
import { createPlayer, type TestPlayer } from '../tests/helpers/players';
import { walletCents } from './_client/signals';
import P2PTransferForm from './P2PTransferForm';

const { render, screen, fireEvent, waitFor, cleanup } = await islandDom('http://localhost:3000/p2p-transfer');
const seen = watchIslands();
let app: TestApp;
let alice: TestPlayer;
let bob: TestPlayer;

beforeAll(async () => {
  app = await makeApp();
  alice = await createPlayer(app);
  bob = await createPlayer(app);
  await fund(app, alice.userId, 10_000);
});
afterEach(() => {
  cleanup();
  seen.clear();
  walletCents.value = null;
});

/** The app behind fetch as alice, keeping the headers each call carried. */
function asAlice() {
  const server = routeFetchTo(app);
  server.jar.set('token', alice.token);
  const inner = globalThis.fetch;
  const headers: Record<string, string>[] = [];
  globalThis.fetch = ((input: string, init: RequestInit = {}) => {
    headers.push({ ...(init.headers as Record<string, string>) });
    return inner(input, init);
  }) as typeof fetch;
  return Object.assign(server, { headers });
}
const email = () => screen.getByLabelText('Receiver Email') as HTMLInputElement;
const amount = () => screen.getByLabelText('Amount') as HTMLInputElement;
const type = (el: HTMLInputElement, value: string) => fireEvent.change(el, { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));

describe('P2PTransferForm', () => {
  test('the amount keeps what was typed and says why it cannot be read; the email loses leading spaces as typed', () => {
    render(<P2PTransferForm walletCents={10_000} />);
    type(amount(), '12.345');
    expect(amount().value).toBe('12.345');
    submit();
    expect(screen.getByText('Use at most two decimals (cents).')).toBeTruthy();
    for (const bad of ['12.3.4', '1e5', 'five']) {
      type(amount(), bad);
      expect(screen.getByText('Enter an amount in dollars, like 5, 5.00, $5 or 1,000.50.')).toBeTruthy();
    }
    type(amount(), '-5');
    expect(screen.getByText('Enter a valid positive number.')).toBeTruthy();
    for (const good of ['5', '5.00', '$5', '$5.00', '1,000.50']) {
      type(amount(), good);
      expect(amount().getAttribute('aria-invalid')).toBeNull();
    }
    type(email(), '   bob@example.com');
    expect(email().value).toBe('bob@example.com');
    expect(screen.getByText('$100.00')).toBeTruthy();
  });

  test('no messages before the first submit; after it they follow the fields live (spec §5 words)', () => {
    const server = asAlice();
    render(<P2PTransferForm walletCents={10_000} />);
    type(email(), 'bob');
    expect(screen.queryByText('Enter a valid email address.')).toBeNull();
    type(email(), '');
    submit();
    expect(screen.getByText('Email is required.')).toBeTruthy();
    expect(screen.getByText('Amount is required.')).toBeTruthy();
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(email().getAttribute('aria-describedby')).toBe('p2p-email-error');
    type(email(), 'bob@');
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    type(email(), 'bob@example.com');
    expect(screen.queryByText('Enter a valid email address.')).toBeNull();
    type(amount(), '0');
    expect(screen.getByText('Enter a valid positive number.')).toBeTruthy();
    type(amount(), '0.5');
    expect(screen.queryByText('Enter a valid positive number.')).toBeNull();
    expect(server.sent).toEqual([]);
  });

  test('success: full-screen loader while sending, then fields and errors cleared, the server message toasted, balance updated', async () => {
    const server = asAlice();
    walletCents.value = 10_000;
    render(<P2PTransferForm walletCents={10_000} />);
    submit();
    type(email(), bob.email.toUpperCase());
    type(amount(), '12.5');
    const release = server.pause();
    submit();
    expect(await screen.findByText('Sending credits...')).toBeTruthy();
    expect(document.querySelector('.loader-overlay')).not.toBeNull();
    release();
    await waitFor(() => expect(seen.toasts).toHaveLength(1));
    expect(seen.toasts[0]).toMatchObject({ kind: 'success', message: `You sent $12.50 to ${bob.email}.` });
    expect(document.querySelector('.loader-overlay')).toBeNull();
    expect(email().value).toBe('');
    expect(amount().value).toBe('');
    expect(screen.queryByText('Email is required.')).toBeNull();
    expect(walletCents.value).toBe(8_750);
    expect(screen.getByText('$87.50')).toBeTruthy();
    expect(await available(app, bob.userId)).toBe(1_250);
    const call = server.sent.find((s) => s.path === '/api/v1/transfer/p2p-transfer')!;
    expect(call.body).toEqual({ email: bob.email.toUpperCase(), amount: 12.5 });
    const keys = server.headers.map((h) => h['Idempotency-Key']).filter(Boolean);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  });

  test('failures stay at their fields, move nothing, and the wallet is re-read after each attempt', async () => {
    const server = asAlice();
    const before = await available(app, alice.userId);
    walletCents.value = 1;
    render(<P2PTransferForm walletCents={before} />);
    type(email(), 'nobody@example.com');
    type(amount(), '1');
    submit();
    expect(await screen.findByText('No verified player was found with this email.')).toBeTruthy();
    await waitFor(() => expect(walletCents.value).toBe(before));
    type(email(), alice.email);
    submit();
    expect(await screen.findByText('You cannot send credits to yourself.')).toBeTruthy();
    type(email(), bob.email);
    type(amount(), '100000');
    submit();
    expect(await screen.findByText('Insufficient balance')).toBeTruthy();
    expect(amount().getAttribute('aria-invalid')).toBe('true');
    expect(seen.toasts).toEqual([]);
    expect(await available(app, alice.userId)).toBe(before);
    const paths = server.sent.map((s) => s.path.replace('/api/v1', ''));
    expect(paths).toEqual(['/transfer/p2p-transfer', '/user/wallet-balance', '/transfer/p2p-transfer', '/user/wallet-balance', '/transfer/p2p-transfer', '/user/wallet-balance']);
    // Each submit carries its own key: a deliberate retry is a new request, not a replay.
    const keys = server.headers.map((h) => h['Idempotency-Key']).filter(Boolean);
    expect(new Set(keys).size).toBe(3);
  });
});
