import { afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { captchaAnswerHash, captchaKey, CAPTCHA_TTL_MS } from '../src/services/auth/captcha';
import { makeApp, type TestApp } from '../tests/helpers/app';
import { islandDom, linkFromMail, mailTo, routeFetchTo, watchIslands } from '../tests/helpers/islands';
import { createPlayer } from '../tests/helpers/players';
import ForgotPasswordForm, { FORGOT_FAILED } from './ForgotPasswordForm';

const { render, screen, fireEvent, waitFor, cleanup } = await islandDom('http://localhost:3000/forgot-password');
const seen = watchIslands();
let app: TestApp;
let lastCaptchaId = '';

beforeAll(async () => {
  app = await makeApp();
  // Which captcha the form is showing: the last one the server kept.
  const set = app.deps.store.set.bind(app.deps.store);
  app.deps.store.set = (key, value, ttlMs) => {
    if (key.startsWith('captcha:')) lastCaptchaId = key.slice('captcha:'.length);
    return set(key, value, ttlMs);
  };
});
afterEach(() => {
  cleanup();
  seen.clear();
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
const image = () => screen.findByRole('img', { name: /Captcha/ }) as Promise<HTMLImageElement>;

/** The test knows the server's store: it gives the captcha on screen an answer it can type. */
async function answerCaptcha(answer: string) {
  await image();
  await app.deps.store.set(captchaKey(lastCaptchaId), captchaAnswerHash(lastCaptchaId, answer), CAPTCHA_TTL_MS);
}

describe('ForgotPasswordForm against the real API', () => {
  test('shows the server captcha; refresh clears the typed answer and fetches a new one', async () => {
    const server = routeFetchTo(app);
    render(<ForgotPasswordForm />);
    const first = (await image()).src;
    expect(first).toStartWith('data:image/svg+xml');
    type('Captcha', 'AB12');
    fireEvent.click(screen.getByRole('button', { name: 'Show a new captcha' }));
    expect((screen.getByLabelText('Captcha') as HTMLInputElement).value).toBe('');
    await waitFor(async () => expect((await image()).src).not.toBe(first));
    expect(server.sent.filter((s) => s.path === '/api/v1/captcha')).toHaveLength(2);
  });

  test('the non-visual path: a question in words, answered from the text alone, sends the link', async () => {
    const server = routeFetchTo(app);
    const p = await createPlayer(app);
    render(<ForgotPasswordForm />);
    await image();
    fireEvent.click(screen.getByRole('link', { name: 'Cannot see the picture? Answer a question instead' }));
    const question = (await screen.findByText(/^What is [a-z]+ (plus|minus) [a-z]+\?$/)).textContent!;
    expect(server.sent.at(-1)!.path).toBe('/api/v1/captcha');
    const box = screen.getByLabelText('Answer (in digits or words)') as HTMLInputElement;
    expect(box.getAttribute('aria-describedby')).toBe('forgot-captcha-question');
    expect(screen.queryByRole('img', { name: /Captcha/ })).toBeNull();
    const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
    const m = /^What is (\w+) (plus|minus) (\w+)\?$/.exec(question)!;
    const answer = m[2] === 'plus' ? words.indexOf(m[1]!) + words.indexOf(m[3]!) : words.indexOf(m[1]!) - words.indexOf(m[3]!);
    type('Email', p.email);
    fireEvent.change(box, { target: { value: String(answer) } });
    submit();
    await screen.findByRole('heading', { name: 'Email Sent' });
    await waitFor(async () => expect((await mailTo(app, p.email)).map((m) => m.subject).join()).toMatch(/Reset/));
  });

  test('required messages after submit, clearing per field; nothing is sent', async () => {
    const server = routeFetchTo(app);
    render(<ForgotPasswordForm />);
    await image();
    submit();
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Captcha is required')).toBeTruthy();
    type('Captcha', 'x');
    expect(screen.queryByText('Captcha is required')).toBeNull();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(server.sent.map((s) => s.path)).toEqual(['/api/v1/captcha']);
  });

  test('a wrong captcha is refused at its field, the answer is cleared and a new captcha shown', async () => {
    const server = routeFetchTo(app);
    render(<ForgotPasswordForm />);
    await answerCaptcha('K7PQ');
    type('Email', 'someone@example.com');
    type('Captcha', 'ZZZZ');
    submit();
    expect(await screen.findByText('Captcha does not match')).toBeTruthy();
    expect((screen.getByLabelText('Captcha') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(server.sent.filter((s) => s.path === '/api/v1/captcha')).toHaveLength(2));
    expect(seen.toasts).toEqual([]);
    type('Captcha', 'A');
    expect(screen.queryByText('Captcha does not match')).toBeNull();
    // A new challenge asked for after that: its empty box is not wrong before the next submit.
    fireEvent.click(screen.getByRole('link', { name: 'Cannot see the picture? Answer a question instead' }));
    await waitFor(() => expect(screen.getByLabelText('Answer (in digits or words)')).toBeTruthy());
    expect(screen.queryByText('Captcha is required')).toBeNull();
    expect(screen.getByLabelText('Answer (in digits or words)').getAttribute('aria-invalid')).not.toBe('true');
    submit();
    expect(await screen.findByText('Captcha is required')).toBeTruthy();
  });

  test('success: Sending..., the Email Sent panel, the server message as a toast, and the mail with its link', async () => {
    const server = routeFetchTo(app);
    const p = await createPlayer(app);
    render(<ForgotPasswordForm />);
    await answerCaptcha('K7PQ');
    type('Email', p.email);
    type('Captcha', 'k7pq');
    const release = server.pause();
    submit();
    const busy = await screen.findByRole('button', { name: 'Sending...' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(busy); // a second press while the first runs sends nothing
    release();
    expect(await screen.findByText('Email Sent')).toBeTruthy();
    expect(seen.toasts).toEqual([{ kind: 'success', message: 'If an account exists for this email, a password reset link has been sent.', id: 'forgot-password' }]);
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(await linkFromMail(app, p.email, '/reset-password/')).toStartWith('/reset-password/');
    expect(await mailTo(app, 'nobody@example.com')).toEqual([]);
  });

  test('a thrown failure says Failed to send password reset link. Please try again.', async () => {
    const server = routeFetchTo(app);
    render(<ForgotPasswordForm />);
    await answerCaptcha('K7PQ');
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    type('Email', 'someone@example.com');
    type('Captcha', 'K7PQ');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(FORGOT_FAILED);
  });
});
