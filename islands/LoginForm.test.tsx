import { afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { makeApp, type TestApp } from '../tests/helpers/app';
import { islandDom, routeFetchTo, watchIslands } from '../tests/helpers/islands';
import { createOperatorUser, createPlayer } from '../tests/helpers/players';
import LoginForm, { LOGIN_FAILED, NEW_ACCOUNT_HINT, nextFromReferrer, REMEMBERED_EMAIL } from './LoginForm';

const { render, screen, fireEvent, waitFor, cleanup } = await islandDom('http://localhost:3000/login');
const seen = watchIslands();
let app: TestApp;
let server: ReturnType<typeof routeFetchTo>;

beforeAll(async () => {
  app = await makeApp();
});
afterEach(() => {
  cleanup();
  seen.clear();
  localStorage.clear();
  server = routeFetchTo(app);
});
server = undefined as never;

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Login' }));

describe('LoginForm against the real API', () => {
  test('nothing is sent until the fields pass; errors show after submit and clear per field as corrected', async () => {
    server = routeFetchTo(app);
    render(<LoginForm />);
    expect(screen.queryByText('Email is required')).toBeNull();
    submit();
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe('login-email-error');
    expect(document.activeElement).toBe(email);
    // Read out even when focus is already in the field (Enter pressed there): each message is an alert.
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Email is required', 'Password is required']);
    type('Email', 'not-an-email');
    expect(screen.getByText('Email address is invalid')).toBeTruthy();
    type('Email', 'someone@example.com');
    expect(screen.queryByText('Email address is invalid')).toBeNull();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(server.sent).toEqual([]);
  });

  test('a wrong password is refused with the server message, which stays on the form; the player stays on the page', async () => {
    server = routeFetchTo(app);
    const p = await createPlayer(app);
    render(<LoginForm />);
    type('Email', p.email);
    type('Password', 'Wrong-password-1');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(LOGIN_FAILED);
    expect(seen.toasts).toEqual([]);
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    await Bun.sleep(1100);
    expect(seen.went).toEqual([]);
    expect(server.jar.has('token')).toBe(false);
  });

  test('a locked address: the form says when to try again, on the page rather than in a passing toast', async () => {
    server = routeFetchTo(app);
    const p = await createPlayer(app);
    for (let i = 0; i < 10; i++) await app.handle(new Request('http://localhost:3000/api/v1/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: p.email, password: `Wrong-${i}-xx` }) }));
    render(<LoginForm />);
    type('Email', p.email);
    type('Password', p.password);
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Try again in 15 minutes.');
    expect(seen.toasts).toEqual([]);
    expect(server.jar.has('token')).toBe(false);
  });

  test('success: busy state, Login Successful panel, cookie session, remembered e-mail only, then the next path', async () => {
    server = routeFetchTo(app);
    const p = await createPlayer(app);
    render(<LoginForm next="/profile-setting" />);
    type('Email', `  ${p.email.toUpperCase()} `);
    type('Password', p.password);
    fireEvent.click(screen.getByLabelText('Remember me'));
    const release = server.pause();
    submit();
    const busy = await screen.findByRole('button', { name: 'Logging in...' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(busy); // a second press while the first runs sends nothing
    expect(document.querySelector('.loader-overlay')).toBeTruthy();
    release();
    expect(await screen.findByText('Login Successful')).toBeTruthy();
    expect(server.sent[0]!.body).toEqual({ email: p.email.toUpperCase(), password: p.password, userType: 'USER', remember: true });
    expect(seen.toasts).toEqual([{ kind: 'success', message: 'Login successful', id: 'login' }]);
    expect(server.jar.get('token')).toBeTruthy();
    expect(localStorage.getItem(REMEMBERED_EMAIL)).toBe(p.email.toUpperCase());
    expect(JSON.stringify({ ...localStorage })).not.toContain(p.password);
    expect(seen.went).toEqual([]);
    await waitFor(() => expect(seen.went).toEqual([{ how: 'assign', path: '/profile-setting' }]), { timeout: 2000 });
  });

  test('a remembered e-mail is filled in and remember-me ticked; unticking it forgets the address', async () => {
    server = routeFetchTo(app);
    const p = await createPlayer(app);
    localStorage.setItem(REMEMBERED_EMAIL, p.email);
    render(<LoginForm />);
    await waitFor(() => expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(p.email));
    const remember = screen.getByLabelText('Remember me') as HTMLInputElement;
    expect(remember.checked).toBe(true);
    fireEvent.click(remember);
    type('Password', p.password);
    submit();
    expect(await screen.findByText('Login Successful')).toBeTruthy();
    expect(localStorage.getItem(REMEMBERED_EMAIL)).toBeNull();
    await waitFor(() => expect(seen.went).toEqual([{ how: 'assign', path: '/home' }]), { timeout: 2000 });
  });

  test('an operator lands in the console, not on a player\'s dashboard', async () => {
    server = routeFetchTo(app);
    const op = await createOperatorUser(app);
    render(<LoginForm />);
    type('Email', op.email);
    type('Password', op.password);
    submit();
    expect(await screen.findByText('Redirecting you to the operator console...')).toBeTruthy();
    await waitFor(() => expect(seen.went).toEqual([{ how: 'assign', path: '/admin' }]), { timeout: 2000 });
  });

  test('an unverified account is refused as a wrong password, with the line for a new account; no dialog says more', async () => {
    server = routeFetchTo(app);
    const p = await createPlayer(app, { verified: false });
    render(<LoginForm />);
    type('Email', p.email);
    type('Password', p.password);
    submit();
    expect(await screen.findByText(LOGIN_FAILED)).toBeTruthy();
    expect(screen.getByText(NEW_ACCOUNT_HINT)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(seen.toasts).toEqual([]);
    expect(server.jar.has('token')).toBe(false);
    // A wrong password of a verified account reads the same.
    const q = await createPlayer(app);
    cleanup();
    render(<LoginForm />);
    type('Email', q.email);
    type('Password', 'Wrong-password-1');
    submit();
    expect(await screen.findByText(LOGIN_FAILED)).toBeTruthy();
    expect(screen.getByText(NEW_ACCOUNT_HINT)).toBeTruthy();
  });

  test('a thrown failure shows the generic message of spec §5', async () => {
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    render(<LoginForm />);
    type('Email', 'a@example.com');
    type('Password', 'whatever');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(LOGIN_FAILED);
    expect(seen.toasts.map((t) => t.message)).toEqual(['Network error or server unavailable.']);
  });

  test('without ?next, the path the guard remembered on the landing page is the way back; other sites are ignored', () => {
    const origin = 'http://localhost:3000';
    expect(nextFromReferrer('http://localhost:3000/?next=%2Fprofile-setting', origin)).toBe('/profile-setting');
    expect(nextFromReferrer('http://localhost:3000/?next=%2F%2Fevil.example', origin)).toBeNull();
    expect(nextFromReferrer('https://evil.example/?next=%2Fhome', origin)).toBeNull();
    expect(nextFromReferrer('http://localhost:3000/about-us', origin)).toBeNull();
    expect(nextFromReferrer('', origin)).toBeNull();
  });
});
