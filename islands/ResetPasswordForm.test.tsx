import { afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { captchaAnswerHash, captchaKey, CAPTCHA_TTL_MS } from '../src/services/auth/captcha';
import { call, makeApp, type TestApp } from '../tests/helpers/app';
import { islandDom, linkFromMail, routeFetchTo, watchIslands } from '../tests/helpers/islands';
import { createPlayer } from '../tests/helpers/players';
import ResetPasswordForm, { RESET_FAILED } from './ResetPasswordForm';

const { render, screen, fireEvent, cleanup } = await islandDom('http://localhost:3000/reset-password/x');
const seen = watchIslands();
let app: TestApp;

beforeAll(async () => {
  app = await makeApp();
});
afterEach(() => {
  cleanup();
  seen.clear();
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));

/** A real reset link for `email`, asked for through the API the way the forgot-password form does. */
async function resetTokenFor(email: string): Promise<string> {
  const c = await call(app, 'GET', '/api/v1/captcha');
  await app.deps.store.set(captchaKey(c.json.captchaId), captchaAnswerHash(c.json.captchaId, 'ABCD'), CAPTCHA_TTL_MS);
  await call(app, 'POST', '/api/v1/forget-password', { email, captchaId: c.json.captchaId, captcha: 'ABCD' });
  return (await linkFromMail(app, email, '/reset-password/')).split('/').pop()!;
}

describe('ResetPasswordForm against the real API', () => {
  test('spec §5 messages after submit; each clears as it is corrected; nothing is sent until they pass', async () => {
    const server = routeFetchTo(app);
    render(<ResetPasswordForm id="whatever" />);
    submit();
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(screen.getByText('Please confirm your password')).toBeTruthy();
    type('New Password', 'short');
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    type('New Password', 'Longenough1');
    expect(screen.queryByText('Password must be at least 8 characters')).toBeNull();
    type('Confirm Password', 'Different1');
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    type('Confirm Password', 'Longenough1');
    expect(screen.queryByText('Passwords do not match')).toBeNull();
    expect(server.sent).toEqual([]);
  });

  test('success: Updating..., then the success view word for word, and the new password logs in', async () => {
    const server = routeFetchTo(app);
    const p = await createPlayer(app);
    const token = await resetTokenFor(p.email);
    render(<ResetPasswordForm id={token} />);
    type('New Password', 'Brandnew-pass1');
    type('Confirm Password', 'Brandnew-pass1');
    const release = server.pause();
    submit();
    const busy = await screen.findByRole('button', { name: 'Updating...' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(busy); // a second press while the first runs sends nothing
    release();
    expect(await screen.findByText('Password Updated!')).toBeTruthy();
    expect(screen.getByText('Your password has been successfully reset.')).toBeTruthy();
    expect(screen.getByText('You can now use your new password to log in to your account.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/');
    expect(server.sent.at(-1)).toEqual({ method: 'PATCH', path: `/api/v1/reset-password/${token}`, body: { newPassword: 'Brandnew-pass1' } });
    const login = await call(app, 'POST', '/api/v1/login', { email: p.email, password: 'Brandnew-pass1', userType: 'USER' });
    expect(login.status).toBe(200);
  });

  test('a used or unknown link says so and offers a new one; the Login link goes to /', async () => {
    routeFetchTo(app);
    render(<ResetPasswordForm id="not-a-real-token" />);
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/');
    type('New Password', 'Brandnew-pass1');
    type('Confirm Password', 'Brandnew-pass1');
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain('This reset link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/forgot-password');
    expect(seen.toasts.map((t) => t.message)).toEqual(['Invalid or expired token.']);
  });

  test('a thrown failure says Failed to update password. Please try again.', async () => {
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    render(<ResetPasswordForm id="t" />);
    type('New Password', 'Brandnew-pass1');
    type('Confirm Password', 'Brandnew-pass1');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(RESET_FAILED);
  });
});
