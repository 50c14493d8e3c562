import { afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { call, makeApp, type TestApp } from '../tests/helpers/app';
import { islandDom, routeFetchTo, watchIslands } from '../tests/helpers/islands';
import { createPlayer, formTokenOf, type TestPlayer } from '../tests/helpers/players';
import { codeFor, turnOnTwoStep } from '../tests/helpers/two-step';
import { accountsFromApi, type GameAccountView } from '../src/shared/game-accounts';
import { gameAccounts } from './_client/games';
import GameCredentials from './GameCredentials';

const { render, screen, fireEvent, waitFor, cleanup } = await islandDom('http://localhost:3000/home');
const seen = watchIslands();
let app: TestApp;
let alice: TestPlayer;
let accounts: GameAccountView[];

beforeAll(async () => {
  app = await makeApp();
  alice = await createPlayer(app);
  accounts = accountsFromApi((await call(app, 'GET', '/api/v1/games/list', undefined, { token: alice.token })).json.userGames);
});
afterEach(() => {
  cleanup();
  seen.clear();
  gameAccounts.value = null;
});

describe('GameCredentials with two-step verification on', () => {
  test('a plain reveal post refused for its code keeps its form and its error once the page hydrates', async () => {
    const locked = accounts.map((a) => ({ ...a, password: null, passwordLocked: true }));
    const id = locked[0]!.id;
    render(<GameCredentials initial={locked} canPlay={false} twoStep reveal={{ values: { id }, errors: { totp: 'That code is not right.' } }} />);
    await waitFor(() => expect(screen.getByLabelText('Two-step code').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('That code is not right.')).toBeTruthy();
  });

  test('the reset asks for the code; without it the server refuses at the code field and nothing changes', async () => {
    const bo = await createPlayer(app);
    const theirs = accountsFromApi((await call(app, 'GET', '/api/v1/games/list', undefined, { token: bo.token })).json.userGames);
    const { secret } = await turnOnTwoStep(app, bo, Date.now());
    routeFetchTo(app).jar.set('token', bo.token);
    render(<GameCredentials initial={theirs} canPlay={false} twoStep />);
    fireEvent.click(screen.getByRole('button', { name: 'Reset VBlink password' }));
    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: 'Taken-over1' } });
    expect(screen.getByLabelText('Two-step code')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    const code = screen.getByLabelText('Two-step code');
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    const vblink = theirs.find((a) => a.name === 'VBlink')!;
    expect(await app.deps.games.passwordOf(bo.userId, vblink.id)).toBe(vblink.password);
    // With the code, it goes through.
    fireEvent.change(code, { target: { value: codeFor(secret, Date.now() + 30_000) } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(async () => expect(await app.deps.games.passwordOf(bo.userId, vblink.id)).toBe('Taken-over1'));
  });

  test('a password is not in the page: Show asks for the code, a wrong one is refused at the field, the right one shows it', async () => {
    const cy = await createPlayer(app);
    const before = accountsFromApi((await call(app, 'GET', '/api/v1/games/list', undefined, { token: cy.token })).json.userGames);
    const { secret } = await turnOnTwoStep(app, cy, Date.now());
    const locked = accountsFromApi((await call(app, 'GET', '/api/v1/games/list', undefined, { token: cy.token })).json.userGames);
    expect(locked.map((a) => [a.password, a.passwordLocked])).toEqual([[null, true], [null, true]]);
    routeFetchTo(app).jar.set('token', cy.token);
    const { container } = render(<GameCredentials initial={locked} canPlay={false} twoStep />);
    const pw = before.find((a) => a.name === 'Ultra Panda')!.password!;
    expect(container.innerHTML).not.toContain(pw);
    fireEvent.click(screen.getByRole('button', { name: 'Show Ultra Panda password' }));
    // While the box is open its toggle reads Cancel; Escape closes it and puts focus back on the toggle.
    fireEvent.keyDown(screen.getByLabelText('Two-step code'), { key: 'Escape' });
    expect(screen.queryByLabelText('Two-step code')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show Ultra Panda password' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show Ultra Panda password' }));
    expect(screen.getByRole('button', { name: 'Cancel Ultra Panda password' }).getAttribute('aria-expanded')).toBe('true');
    const code = screen.getByLabelText('Two-step code');
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(container.innerHTML).not.toContain(pw);
    fireEvent.change(screen.getByLabelText('Two-step code'), { target: { value: codeFor(secret, Date.now() + 30_000) } });
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    await waitFor(() => expect(screen.getByText(pw)).toBeTruthy());
    expect(screen.queryByLabelText('Two-step code')).toBeNull();
    // The form that had focus is gone: focus lands on the shown password's controls, not on <body>.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Hide Ultra Panda password' })));
  });
});

describe('GameCredentials', () => {
  test('user names shown; each password behind a reveal toggle', () => {
    render(<GameCredentials initial={accounts} canPlay={false} />);
    expect(screen.getByText(`up${alice.playerId}`)).toBeTruthy();
    const pw = accounts[0]!.password!;
    expect(screen.queryByText(pw)).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Show Ultra Panda password' });
    fireEvent.click(toggle);
    expect(screen.getByText(pw)).toBeTruthy();
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('button', { name: /Play a round/ })).toBeNull();
  });

  test('Reset opens the modal: under 5 characters the asterisked message; a good one is toasted and the list reloads', async () => {
    const server = routeFetchTo(app);
    server.jar.set('token', alice.token);
    render(<GameCredentials initial={accounts} canPlay />);
    fireEvent.click(screen.getByRole('button', { name: 'Reset VBlink password' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset Game Password' });
    const input = screen.getByLabelText('New Password') as HTMLInputElement;
    // Focus starts in the field, not on Close: typing then Enter submits.
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByText('* Password must be at least 5 characters long.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(server.sent).toEqual([]);
    fireEvent.change(input, { target: { value: 'Blink-2025' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(seen.toasts[0]).toMatchObject({ kind: 'success', message: 'Your game password has been reset.' }));
    await waitFor(() => expect(document.body.contains(dialog)).toBe(false));
    expect(server.sent.map((s) => `${s.method} ${s.path}`)).toEqual([`PUT /api/v1/game/password/request-reset/${accounts[1]!.id}`, 'GET /api/v1/games/list']);
    fireEvent.click(screen.getByRole('button', { name: 'Show VBlink password' }));
    expect(screen.getByText('Blink-2025')).toBeTruthy();
  });

  test("the modal's form is the dashboard's plain reset form, should a submit beat the script: same action, same fields", () => {
    render(<GameCredentials initial={accounts} canPlay formToken={formTokenOf(app, alice)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Reset Ultra Panda password' }));
    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: 'Panda-2026' } });
    const form = screen.getByRole('dialog', { name: 'Reset Game Password' }).querySelector('form')!;
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['post', '/home#game-accounts']);
    // The fields /home's `reset` action reads (src/pages/home-actions.ts), with what was typed.
    expect(Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v)]))).toEqual({
      _action: 'reset', id: accounts[0]!.id, _token: formTokenOf(app, alice), requestedPassword: 'Panda-2026',
    });
  });

  test('a pending request shows Reset Password Requested instead of Reset', () => {
    render(<GameCredentials initial={accounts.map((a) => ({ ...a, requestStatus: a.gameId === 'vblink' }))} canPlay={false} />);
    expect(screen.getByText('Reset Password Requested')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset VBlink password' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Reset Ultra Panda password' })).toBeTruthy();
  });
});
