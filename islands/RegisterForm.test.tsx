import { afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { makeApp, type TestApp } from '../tests/helpers/app';
import { islandDom, linkFromMail, routeFetchTo, watchIslands } from '../tests/helpers/islands';
import RegisterForm, { REGISTER_FAILED } from './RegisterForm';

const { render, screen, fireEvent, waitFor, cleanup, within } = await islandDom('http://localhost:3000/register');
const seen = watchIslands();
let app: TestApp;

beforeAll(async () => {
  app = await makeApp();
});
afterEach(() => {
  cleanup();
  seen.clear();
});

// 'Email' names both the address field and a referral source, so fields are found by role and name.
const input = (name: string) => (name === 'Password' ? screen.getByLabelText(name) : screen.getByRole('textbox', { name }));
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
const tick = (name: string | RegExp) => fireEvent.click(screen.getByRole('checkbox', { name }));
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Register' }));
const MESSAGES = [
  'Email is required',
  'Password is required',
  'Please select at least one option for how you heard about us',
  'You must accept the Terms and Conditions',
  'You must confirm that you are 21+ years old',
];
const freshEmail = () => `new.${crypto.randomUUID().slice(0, 8)}@example.com`;

function fillValid(email: string) {
  type('Email', email);
  type('Password', 'Goodpass1');
  tick(/I accept the/);
  tick(/21 years of age/);
}

describe('RegisterForm against the real API', () => {
  test('every rule of spec §5 shows after submit, and each message clears as its field is corrected', async () => {
    const server = routeFetchTo(app);
    render(<RegisterForm />);
    submit();
    for (const m of MESSAGES) expect(await screen.findByText(m)).toBeTruthy();
    type('Email', 'nobody@');
    expect(screen.getByText('Email address is invalid')).toBeTruthy();
    type('Password', 'short');
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    type('Password', 'alllowercase1');
    expect(screen.getByText('Password must contain at least one uppercase letter, one lowercase letter, and one number')).toBeTruthy();
    tick('SMS');
    expect(screen.queryByText(MESSAGES[2]!)).toBeNull();
    tick(/I accept the/);
    expect(screen.queryByText(MESSAGES[3]!)).toBeNull();
    expect(screen.getByText(MESSAGES[4]!)).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'SMS' }).getAttribute('aria-describedby')).toBe(null);
    expect(server.sent).toEqual([]);
  });

  test('the terms checkbox links the terms and the privacy policy; Login links /login', () => {
    render(<RegisterForm />);
    expect(screen.getByRole('link', { name: 'Terms and Conditions' }).getAttribute('href')).toBe('/terms-condition');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
  });

  test('success: Registering..., the first ticked source as reference, success panel and the Check Your Email! dialog', async () => {
    const server = routeFetchTo(app);
    const email = freshEmail();
    render(<RegisterForm />);
    fillValid(email);
    tick('Facebook');
    tick('Friend');
    const release = server.pause();
    submit();
    const busy = await screen.findByRole('button', { name: 'Registering...' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(busy); // a second press while the first runs sends nothing
    release();
    const dialog = await screen.findByRole('dialog', { name: 'Check Your Email!' });
    expect(dialog.textContent).toContain(email);
    // Given no mailbox (production, or mail sent through SMTP), the dialog names none.
    expect(dialog.textContent).not.toContain('mailbox');
    expect(server.sent[0]).toEqual({
      method: 'POST',
      path: '/api/v1/register',
      body: { email, password: 'Goodpass1', reference: 'friend', userType: 'USER', termsAccepted: true, ageConfirmed: true },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Registration Successful!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');
    expect(await linkFromMail(app, email, '/verify/email/')).toStartWith('/verify/email/');
  });

  test('outside production the Check Your Email! dialog links to the development mailbox', async () => {
    routeFetchTo(app);
    const email = freshEmail();
    render(<RegisterForm mailbox="/dev/mailbox" />);
    fillValid(email);
    tick('Friend');
    submit();
    const dialog = await screen.findByRole('dialog', { name: 'Check Your Email!' });
    expect(dialog.textContent).toContain('This site is not in production: its mail is kept in the development mailbox.');
    expect(within(dialog).getByRole('link', { name: 'development mailbox' }).getAttribute('href')).toBe('/dev/mailbox');
  });

  test('an address already registered gets the same sent dialog as a new one (its owner is mailed instead)', async () => {
    routeFetchTo(app);
    const email = freshEmail();
    render(<RegisterForm />);
    fillValid(email);
    tick('Other');
    submit();
    await screen.findByRole('dialog');
    cleanup();
    render(<RegisterForm />);
    fillValid(email.toUpperCase());
    tick('Other');
    submit();
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(screen.queryByText('An account with this email already exists.')).toBeNull();
  });

  test('a refused plain post\'s referral message goes as soon as a box is ticked', () => {
    const message = 'Please select at least one option for how you heard about us';
    render(<RegisterForm form={{ values: { email: 'ada@example.com' }, errors: { reference: message } }} />);
    expect(screen.getByText(message)).toBeTruthy();
    tick('Other');
    expect(screen.queryByText(message)).toBeNull();
  });

  test('a thrown failure says Registration failed. Please try again later.', async () => {
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    render(<RegisterForm />);
    fillValid(freshEmail());
    tick('Email');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(REGISTER_FAILED);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Register' })).toBeTruthy());
  });
});
