import { afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { call, makeApp, type TestApp } from '../tests/helpers/app';
import { islandDom, linkFromMail, routeFetchTo, watchIslands } from '../tests/helpers/islands';
import { createPlayer } from '../tests/helpers/players';
import VerifyEmail from './VerifyEmail';

const { render, screen, fireEvent, cleanup } = await islandDom('http://localhost:3000/verify/email/x');
const seen = watchIslands();
let app: TestApp;
const COMMUNITY = 'https://t.me/coinreel';

beforeAll(async () => {
  app = await makeApp();
});
afterEach(() => {
  cleanup();
  seen.clear();
});

async function registeredToken(): Promise<{ email: string; token: string }> {
  const email = `verify.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const r = await call(app, 'POST', '/api/v1/register', { email, password: 'Goodpass1', reference: 'friend', userType: 'USER', termsAccepted: true, ageConfirmed: true });
  expect(r.status).toBe(201);
  return { email, token: (await linkFromMail(app, email, '/verify/email/')).split('/').pop()! };
}

describe('VerifyEmail against the real API', () => {
  test('Verifying... while the token is checked, then Email Verified! and the account can log in', async () => {
    const server = routeFetchTo(app);
    const { email, token } = await registeredToken();
    const release = server.pause();
    render(<VerifyEmail token={token} communityUrl={COMMUNITY} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Verifying...' })).toBeTruthy();
    expect(screen.getByText('Please wait while we verify your email.')).toBeTruthy();
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Email Verified!' })).toBeTruthy();
    expect(screen.getByText('Your email has been successfully verified. You can log in now.')).toBeTruthy();
    const community = screen.getByRole('link', { name: 'Join our community chat' });
    expect(community.getAttribute('href')).toBe(COMMUNITY);
    expect(community.getAttribute('rel')).toBe('noopener noreferrer');
    fireEvent.click(screen.getByRole('link', { name: 'Go to Login' }));
    expect(seen.went).toEqual([{ how: 'replace', path: '/login' }]);
    expect(server.sent.filter((s) => s.path === '/api/v1/verify/email')).toEqual([{ method: 'POST', path: '/api/v1/verify/email', body: { token } }]);
    const login = await call(app, 'POST', '/api/v1/login', { email, password: 'Goodpass1', userType: 'USER' });
    expect(login.status).toBe(200);
  });

  test("an e-mail change link names the new address instead of telling a signed-in player to log in", async () => {
    const server = routeFetchTo(app);
    const p = await createPlayer(app);
    const next = `changed.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const asked = await call(app, 'PATCH', '/api/v1/user/update-profile', { name: '', phoneNo: '', email: next, currentPassword: p.password }, { token: p.token });
    expect(asked.status).toBe(200);
    const token = (await linkFromMail(app, next, '/verify/email/')).split('/').pop()!;
    render(<VerifyEmail token={token} signedIn />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Email Changed!' })).toBeTruthy();
    expect(document.body.textContent).toContain(`Your email address is now ${next}. Use it the next time you log in.`);
    expect(document.body.textContent).not.toContain('You can log in now');
    expect(screen.getByRole('link', { name: 'Back to Profile Settings' }).getAttribute('href')).toBe('/profile-setting');
    expect(screen.queryByRole('link', { name: 'Go to Login' })).toBeNull();
    expect(server.sent.filter((s) => s.path === '/api/v1/verify/email')).toHaveLength(1);
    expect((await call(app, 'POST', '/api/v1/login', { email: next, password: p.password, userType: 'USER' })).status).toBe(200);
  });

  test('a token used already (opened again after it worked) says the e-mail is verified, with Go to Login, and no toast', async () => {
    routeFetchTo(app);
    const { token } = await registeredToken();
    expect((await call(app, 'POST', '/api/v1/verify/email', { token })).status).toBe(200);
    render(<VerifyEmail token={token} communityUrl={COMMUNITY} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Already Verified' })).toBeTruthy();
    expect(screen.getByText('Your e-mail is already verified.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');
    expect(seen.toasts).toEqual([]);
  });

  test('opened again by a signed-in player, the already-verified panel leads back to Profile Settings, not to Login', () => {
    routeFetchTo(app);
    render(<VerifyEmail token={'A'.repeat(43)} already signedIn />);
    expect(screen.getByRole('heading', { level: 1, name: 'Already Verified' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Profile Settings' }).getAttribute('href')).toBe('/profile-setting');
    expect(screen.queryByRole('link', { name: 'Go to Login' })).toBeNull();
  });

  test('the server found it verified already: the panel shows at once, without a request', () => {
    const server = routeFetchTo(app);
    render(<VerifyEmail token={'A'.repeat(43)} communityUrl={COMMUNITY} already />);
    expect(screen.getByRole('heading', { level: 1, name: 'Already Verified' })).toBeTruthy();
    expect(server.sent).toEqual([]);
  });

  test('a made-up token shows Verification Failed with the spec text and Contact Support, and no toast', async () => {
    routeFetchTo(app);
    render(<VerifyEmail token={'Q'.repeat(43)} communityUrl={COMMUNITY} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Verification Failed' })).toBeTruthy();
    expect(screen.getByText('Invalid or expired token. Please check your email again or request a new verification link.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe('/support');
    expect(seen.toasts).toEqual([]);
  });

  test('a missing token fails at once without a request', () => {
    const server = routeFetchTo(app);
    render(<VerifyEmail token="" communityUrl={COMMUNITY} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Verification Failed' })).toBeTruthy();
    expect(server.sent).toEqual([]);
  });
});
