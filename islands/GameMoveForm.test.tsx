import { afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { makeApp, type TestApp } from '../tests/helpers/app';
import { gameAccounts as accountsOf, gameCents } from '../tests/helpers/games';
import { islandDom, routeFetchTo, watchIslands } from '../tests/helpers/islands';
import { available, fund } from '../tests/helpers/money';
import { createPlayer, type TestPlayer } from '../tests/helpers/players';
import { accountsFromApi, type GameAccountView } from '../src/shared/game-accounts';
import { call } from '../tests/helpers/app';
import { NETWORK_ERROR } from './_client/api';
import { gameAccounts } from './_client/games';
import { walletCents } from './_client/signals';
import GameMoveForm from './GameMoveForm';

const { render, screen, fireEvent, waitFor, cleanup } = await islandDom('http://localhost:3000/home');
const seen = watchIslands();
let app: TestApp;
let alice: TestPlayer;
let accounts: GameAccountView[];

beforeAll(async () => {
  app = await makeApp();
  alice = await createPlayer(app);
  await fund(app, alice.userId, 10_000);
  await accountsOf(app, alice);
  accounts = accountsFromApi((await call(app, 'GET', '/api/v1/games/list', undefined, { token: alice.token })).json.userGames);
});
afterEach(() => {
  cleanup();
  seen.clear();
  walletCents.value = null;
  gameAccounts.value = null;
});

const asAlice = () => {
  const s = routeFetchTo(app);
  s.jar.set('token', alice.token);
  return s;
};
const game = () => screen.getByLabelText('Game Platform') as HTMLSelectElement;
const user = () => screen.getByLabelText('Username') as HTMLInputElement;
const amount = () => screen.getByLabelText('Amount (credits)') as HTMLInputElement;

describe('GameMoveForm', () => {
  test('spec §5 messages after a submit, the user name read-only from the chosen game, amounts kept as typed and refused with a reason', () => {
    const server = asAlice();
    render(<GameMoveForm kind="transfer" accounts={accounts} walletCents={10_000} />);
    fireEvent.click(screen.getByRole('button', { name: 'Transfer Funds' }));
    expect(screen.getByText('Game is required')).toBeTruthy();
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Enter a valid amount')).toBeTruthy();
    expect(game().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(game());
    fireEvent.change(game(), { target: { value: 'vblink' } });
    expect(user().value).toBe(`vb${alice.playerId}`);
    expect(user().readOnly).toBe(true);
    expect(screen.queryByText('Username is required')).toBeNull();
    // Nothing typed is silently dropped: the box keeps it and the message says why it is refused.
    fireEvent.change(amount(), { target: { value: '12.345' } });
    expect(amount().value).toBe('12.345');
    expect(screen.getByText('Use at most two decimals (cents).')).toBeTruthy();
    fireEvent.change(amount(), { target: { value: '$1,000.50' } });
    expect(screen.queryByText('Use at most two decimals (cents).')).toBeNull();
    expect(screen.queryByText('Enter a valid amount')).toBeNull();
    expect(screen.getByText('VBlink balance:', { exact: false })).toBeTruthy();
    expect(server.sent).toEqual([]);
  });

  test('a transfer: the result inline (amount, game, both balances after it), fields cleared, balances refetched', async () => {
    const server = asAlice();
    render(<GameMoveForm kind="transfer" accounts={accounts} walletCents={10_000} />);
    fireEvent.change(game(), { target: { value: 'ultra-panda' } });
    fireEvent.change(amount(), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer Funds' }));
    const result = await screen.findByText('$25.00 transferred to Ultra Panda.', { selector: '.move-result-title' });
    const panel = result.closest('.move-result')!;
    expect(panel.closest('[role="status"]')).toBeTruthy();
    expect(panel.textContent).toBe('$25.00 transferred to Ultra Panda.Wallet balance: $75.00Ultra Panda balance: $25.00');
    expect(seen.toasts).toEqual([]);
    await waitFor(() => expect(gameAccounts.value?.find((a) => a.gameId === 'ultra-panda')?.balanceCents).toBe(2_500));
    expect(walletCents.value).toBe(7_500);
    expect(game().value).toBe('');
    expect(amount().value).toBe('');
    expect(await available(app, alice.userId)).toBe(7_500);
    // The submit's last step (balances refetched, loader gone) finishes inside the test.
    await waitFor(() => expect(document.querySelector('.loader-overlay')).toBeNull());
    const sentBody = server.sent.find((s) => s.path === '/api/v1/transfer/transfer-data-request')!.body;
    expect(sentBody).toEqual({ gameId: 'ultra-panda', userName: `up${alice.playerId}`, amount: 25 });
  });

  test('an answer lost on the way back: the retry is the same request (same key) and moves the credits once; the next one is new', async () => {
    const bo = await createPlayer(app);
    await fund(app, bo.userId, 5_000);
    await accountsOf(app, bo);
    const theirs = accountsFromApi((await call(app, 'GET', '/api/v1/games/list', undefined, { token: bo.token })).json.userGames);
    const server = routeFetchTo(app);
    server.jar.set('token', bo.token);
    render(<GameMoveForm kind="transfer" accounts={theirs} walletCents={5_000} />);
    fireEvent.change(game(), { target: { value: 'vblink' } });
    fireEvent.change(amount(), { target: { value: '1' } });
    server.loseAnswers(1);
    const button = screen.getByRole('button', { name: 'Transfer Funds' }) as HTMLButtonElement;
    fireEvent.click(button);
    // The player is told the network failed; the form is theirs again with what they typed.
    await waitFor(() => expect(seen.toasts.map((x) => x.message)).toEqual([NETWORK_ERROR]));
    await waitFor(() => expect(document.querySelector('.loader-overlay')).toBeNull());
    await waitFor(() => expect(server.sent.map((x) => x.path)).toContain('/api/v1/games/list'));
    expect(amount().value).toBe('1');
    expect(await available(app, bo.userId)).toBe(4_900);
    // The player presses again: the same request, answered from what the server already did.
    fireEvent.click(screen.getByRole('button', { name: 'Transfer Funds' }));
    await screen.findByText('$1.00 transferred to VBlink.', { selector: '.move-result-title' });
    expect(await available(app, bo.userId)).toBe(4_900);
    const moves = () => server.sent.filter((x) => x.path === '/api/v1/transfer/transfer-data-request');
    expect(moves().map((x) => x.key)).toEqual([moves()[0]!.key, moves()[0]!.key]);
    // A new transfer after that answer is a new request.
    fireEvent.change(game(), { target: { value: 'vblink' } });
    fireEvent.change(amount(), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer Funds' }));
    await screen.findByText('$1.00 transferred to VBlink.', { selector: '.move-result-title' });
    await waitFor(() => expect(moves()).toHaveLength(3));
    expect(new Set(moves().map((x) => x.key)).size).toBe(2);
    expect(await available(app, bo.userId)).toBe(4_800);
    await waitFor(() => expect(document.querySelector('.loader-overlay')).toBeNull());
  });

  test('a redeem above the game balance shows the message at the amount; a good one shows a success message too', async () => {
    asAlice();
    render(<GameMoveForm kind="redeem" accounts={accounts} walletCents={7_500} />);
    fireEvent.change(game(), { target: { value: 'ultra-panda' } });
    fireEvent.change(amount(), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Redeem Funds' }));
    expect(await screen.findByText('Amount is more than your Ultra Panda balance of $25.00.')).toBeTruthy();
    expect(seen.toasts).toEqual([]);
    fireEvent.change(amount(), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Redeem Funds' }));
    await waitFor(() => expect(screen.getByText('$10.00 redeemed from Ultra Panda to your wallet.', { selector: '.move-result-title' })).toBeTruthy());
    expect(document.querySelector('.move-result')!.textContent).toBe('$10.00 redeemed from Ultra Panda to your wallet.Wallet balance: $85.00Ultra Panda balance: $15.00');
    expect(await gameCents(app, 'ultra-panda', `up${alice.playerId}`)).toBe(1_500);
    expect(await available(app, alice.userId)).toBe(8_500);
    await waitFor(() => expect(document.querySelector('.loader-overlay')).toBeNull());
  });
});
