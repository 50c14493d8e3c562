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

  test('success: a confirmation names the receiver before anything moves; then a receipt that stays until dismissed', async () => {
    const server = asAlice();
    await app.deps.database.client.execute({ sql: 'UPDATE users SET name = ? WHERE id = ?', args: ['Bob Builder', bob.userId] });
    walletCents.value = 10_000;
    const before = await available(app, bob.userId);
    render(<P2PTransferForm walletCents={10_000} />);
    submit();
    type(email(), bob.email.toUpperCase());
    type(amount(), '$12.50');
    submit();
    const confirm = await screen.findByRole('heading', { name: 'Confirm the transfer' });
    expect(document.activeElement).toBe(confirm);
    const facts = document.querySelector('.p2p-facts')!.textContent!;
    for (const part of ['B*b B*****r', String(bob.playerId), bob.email.toUpperCase(), '$12.50']) expect(facts).toContain(part);
    expect(await available(app, bob.userId)).toBe(before);
    // Back keeps what was typed.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(amount().value).toBe('$12.50');
    // The Back button is gone: focus lands on the amount, not on the page.
    await waitFor(() => expect(document.activeElement).toBe(amount()));
    submit();
    await screen.findByRole('heading', { name: 'Confirm the transfer' });
    const release = server.pause();
    fireEvent.click(screen.getByRole('button', { name: 'Send $12.50' }));
    expect(await screen.findByText('Sending credits...')).toBeTruthy();
    release();
    const receipt = await screen.findByRole('heading', { name: 'Transfer sent' });
    expect(document.activeElement).toBe(receipt);
    const id = (await app.deps.database.client.execute({ sql: "SELECT uuid FROM transactions WHERE user_id = ? AND type = 'P2P' AND direction = 'out' ORDER BY created_at DESC LIMIT 1", args: [alice.userId] })).rows[0]!.uuid;
    const shown = document.querySelector('.p2p-receipt')!.textContent!;
    for (const part of ['$12.50', `B*b B*****r (Player ID ${bob.playerId})`, bob.email, String(id)]) expect(shown).toContain(part);
    // What the wallet holds after it, as the game moves and freeplay say.
    expect(shown).toContain('Wallet balance$87.50');
    expect(document.querySelector('.p2p-receipt time')?.getAttribute('dateTime')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(location.search).toBe(`?receipt=${id}`);
    expect(seen.toasts).toEqual([]);
    expect(walletCents.value).toBe(8_750);
    expect(await available(app, bob.userId)).toBe(before + 1_250);
    const call = server.sent.find((s) => s.path === '/api/v1/transfer/p2p-transfer')!;
    expect(call.body).toEqual({ email: bob.email.toUpperCase(), amount: 12.5 });
    const keys = server.headers.map((h) => h['Idempotency-Key']).filter(Boolean);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    // Still there a while later; Done brings back an empty form.
    await new Promise((r) => setTimeout(r, 50));
    fireEvent.click(screen.getByRole('link', { name: 'Done' }));
    expect(email().value).toBe('');
    expect(location.pathname + location.search).toBe('/p2p-transfer');
  });

  test('a receipt handed in by the page (a reload of ?receipt=) shows at once', () => {
    const r = { transactionId: 'CR-ABCDEFGH', amount: 3, recipient: { name: null, playerId: 1234567, email: 'x@example.com' }, createdAt: '2026-01-02T03:04:05.000Z' };
    render(<P2PTransferForm walletCents={100} receipt={r} />);
    const shown = document.querySelector('.p2p-receipt')!.textContent!;
    // No name on the account: the Player ID is the headline, not a placeholder sentence.
    expect(shown).toContain('RecipientPlayer ID 1234567');
    expect(shown).not.toContain('No name');
    expect(shown).toContain('CR-ABCDEFGH');
    expect(shown).toContain('Wallet balance$1.00');
  });

  test("above the site's largest amount is said as the plain post says it, before the balance, with no lookup", () => {
    const server = asAlice();
    render(<P2PTransferForm walletCents={500} maxCents={10_000_000} />);
    type(email(), bob.email);
    type(amount(), '9'.repeat(40));
    submit();
    expect(screen.getByText('Amount cannot be more than $100,000.')).toBeTruthy();
    type(amount(), '600');
    submit();
    expect(screen.getByText('Insufficient balance')).toBeTruthy();
    expect(server.sent).toEqual([]);
  });

  test('failures stay at their fields, move nothing, and the wallet is re-read after each send', async () => {
    const server = asAlice();
    const before = await available(app, alice.userId);
    // A stale balance on screen (far above the real one), so the ledger is what refuses at Send.
    walletCents.value = 100_000_000;
    render(<P2PTransferForm walletCents={before} />);
    type(email(), 'nobody@example.com');
    type(amount(), '1');
    submit();
    expect(await screen.findByText('No verified player was found with this email.')).toBeTruthy();
    type(email(), alice.email);
    submit();
    expect(await screen.findByText('You cannot send credits to yourself.')).toBeTruthy();
    type(email(), bob.email);
    type(amount(), '100000');
    submit();
    fireEvent.click(await screen.findByRole('button', { name: 'Send $100,000.00' }));
    expect(await screen.findByText('Insufficient balance')).toBeTruthy();
    expect(amount().getAttribute('aria-invalid')).toBe('true');
    expect(amount().value).toBe('100000');
    await waitFor(() => expect(walletCents.value).toBe(before));
    expect(seen.toasts).toEqual([]);
    expect(await available(app, alice.userId)).toBe(before);
    const paths = server.sent.map((s) => s.path.replace('/api/v1', '').replace(/\?.*/, ''));
    expect(paths).toEqual(['/transfer/recipient', '/transfer/recipient', '/transfer/recipient', '/transfer/p2p-transfer', '/user/wallet-balance']);
    // With the balance read back, more than it is refused at once, without a lookup.
    const asked = server.sent.length;
    type(amount(), '99999');
    submit();
    expect(screen.getByText('Insufficient balance')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Confirm the transfer' })).toBeNull();
    expect(server.sent.length).toBe(asked);
    // One key per confirmation.
    const keys = server.headers.map((h) => h['Idempotency-Key']).filter(Boolean);
    expect(keys).toHaveLength(1);
  });
});
