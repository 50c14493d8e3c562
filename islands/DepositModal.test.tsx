import { afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { makeApp, type TestApp } from '../tests/helpers/app';
import { islandDom, routeFetchTo, watchIslands } from '../tests/helpers/islands';
import { createPlayer } from '../tests/helpers/players';
import { call } from '../tests/helpers/app';
import { openDeposit } from './_client/deposit';
import { navigation } from './_client/navigate';
import DepositModal from './DepositModal';

const { render, screen, fireEvent, waitFor, cleanup, act } = await islandDom('http://localhost:3000/home');
const seen = watchIslands();
let app: TestApp;
const went: string[] = [];

beforeAll(async () => {
  app = await makeApp();
  navigation.assign = (path: string) => void went.push(path);
});
afterEach(() => {
  cleanup();
  seen.clear();
  went.length = 0;
});

describe('DepositModal', () => {
  test('a deposit over the player\'s limit is refused next to the amount, not in a toast; a good one goes to its page by id only', async () => {
    const p = await createPlayer(app);
    await call(app, 'PUT', '/api/v1/user/limits', { daily: 30 }, { token: p.token });
    routeFetchTo(app).jar.set('token', p.token);
    render(<DepositModal />);
    act(() => openDeposit());
    const amount = screen.getByLabelText('Amount (USD)') as HTMLInputElement;
    fireEvent.change(amount, { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Deposit' }));
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(/^This deposit would take you past your daily deposit limit of \$30\.00\./)).toBeTruthy();
    expect(seen.toasts).toEqual([]);
    expect(went).toEqual([]);

    fireEvent.change(amount, { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Deposit' }));
    await waitFor(() => expect(went).toHaveLength(1));
    expect(went[0]).toMatch(/^\/deposit-bitcoin\?deposit=[\w-]+$/);
  });

  test('during a cool-off the modal says why instead of taking an amount', () => {
    render(<DepositModal paused="Paused during your cool-off break, until Nov 27, 2026, 2:06 PM UTC." />);
    act(() => openDeposit());
    expect(screen.getByRole('dialog', { name: 'Deposit with CashApp / Bitcoin' }).textContent).toContain('Paused during your cool-off break, until Nov 27, 2026, 2:06 PM UTC.');
    expect(screen.queryByLabelText('Amount (USD)')).toBeNull();
  });
});
