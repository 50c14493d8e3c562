import { afterEach, beforeAll, describe, expect, test } from 'bun:test';
import type { TestApp } from '../tests/helpers/app';
import { islandDom, routeFetchTo, watchIslands } from '../tests/helpers/islands';
import { createOperatorUser, createPlayer, type TestPlayer } from '../tests/helpers/players';
import { codeFor, makeClockedApp, testClock, turnOnTwoStep } from '../tests/helpers/two-step';
import { TOTP_INVALID_MESSAGE, TOTP_REQUIRED_MESSAGE } from '../src/shared/schemas/two-step';
import TwoStepSettings from './TwoStepSettings';

const { render, screen, fireEvent, waitFor, cleanup } = await islandDom('http://localhost:3000/profile-setting');
const seen = watchIslands();
const clock = testClock();
let app: TestApp;

beforeAll(async () => {
  app = await makeClockedApp(clock);
});
afterEach(() => {
  cleanup();
  seen.clear();
});

function signedIn(p: TestPlayer) {
  const server = routeFetchTo(app);
  server.jar.set('token', p.token);
  return server;
}
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));

describe('TwoStepSettings', () => {
  test('turn on: QR and manual key, a wrong code is said at the box, the right one shows ten codes to copy or download', async () => {
    const p = await createPlayer(app);
    const server = signedIn(p);
    render(<TwoStepSettings enabled={false} siteName="Coinreel" />);
    click('Turn on two-step verification');
    const qr = (await screen.findByAltText('QR code to add your account to an authenticator app')) as HTMLImageElement;
    expect(qr.src).toStartWith('data:image/svg+xml');
    const key = screen.getByLabelText('Manual key').textContent!.replace(/\s/g, '');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    // The form's plain-post fallback carries the same key.
    expect((document.querySelector('input[name="secret"]') as HTMLInputElement).value).toBe(key);

    click('Turn on');
    expect(await screen.findByText('Enter the 6-digit code your authenticator app shows.')).toBeTruthy();
    expect(screen.getByText('Current password is required')).toBeTruthy();
    expect(server.sent.filter((s) => s.path.endsWith('/enable'))).toHaveLength(0);
    type('Code from the app', '000000');
    type('Your Password', p.password);
    click('Turn on');
    const box = screen.getByLabelText('Code from the app');
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'));
    expect(box.getAttribute('aria-describedby')).toBe('two-step-code-error');

    // The right code with a wrong password (a stolen session) is refused at the password box.
    type('Code from the app', codeFor(key, clock.t));
    type('Your Password', 'Not-the-password1');
    click('Turn on');
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();
    expect(screen.getByLabelText('Your Password').getAttribute('aria-invalid')).toBe('true');
    expect(server.sent.filter((s) => s.path.endsWith('/enable')).at(-1)!.body).toEqual({ code: codeFor(key, clock.t), currentPassword: 'Not-the-password1' });

    type('Your Password', p.password);
    click('Turn on');
    expect(await screen.findByText('Save your recovery codes')).toBeTruthy();
    const codes = [...document.querySelectorAll('.recovery-code-list code')].map((c) => c.textContent);
    expect(codes).toHaveLength(10);
    const download = screen.getByText('Download codes') as HTMLAnchorElement;
    expect(download.getAttribute('download')).toBe('coinreel-recovery-codes.txt');
    expect(decodeURIComponent(download.href)).toContain(codes[0]!);
    expect(screen.getByRole('button', { name: 'Copy codes' })).toBeTruthy();
    fireEvent.click(screen.getByText('I have saved them'));
    expect(await screen.findByText(/Two-step verification is/)).toBeTruthy();
    await waitFor(() => expect(screen.getByText('10')).toBeTruthy());
    expect(seen.went).toEqual([]);
  });

  test('keyboard: each step takes focus from the button it replaced (never left on <body>); the first render takes none', async () => {
    const p = await createPlayer(app);
    signedIn(p);
    render(<TwoStepSettings enabled={false} siteName="Coinreel" />);
    const view = () => document.querySelector('.two-step-view') as HTMLElement;
    expect(document.activeElement).toBe(document.body);
    const turnOn = screen.getByRole('button', { name: 'Turn on two-step verification' });
    turnOn.focus();
    fireEvent.click(turnOn);
    await screen.findByLabelText('Manual key');
    await waitFor(() => expect(document.activeElement).toBe(view()));
    expect(view().textContent).toContain('Scan this code');
    const key = screen.getByLabelText('Manual key').textContent!.replace(/\s/g, '');
    type('Code from the app', codeFor(key, clock.t));
    type('Your Password', p.password);
    screen.getByRole('button', { name: 'Turn on' }).focus();
    click('Turn on');
    await screen.findByText('Save your recovery codes');
    await waitFor(() => expect(document.activeElement).toBe(view()));
    fireEvent.click(screen.getByText('I have saved them'));
    await screen.findByText(/Two-step verification is/);
    await waitFor(() => expect(document.activeElement).toBe(view()));
    expect(view().getAttribute('tabindex')).toBe('-1');
  });

  test('turn off: empty and wrong codes are said at the box (no sign-out), the right code turns it off', async () => {
    const p = await createPlayer(app);
    const { secret } = await turnOnTwoStep(app, p, clock.t);
    clock.step();
    signedIn(p);
    render(<TwoStepSettings enabled siteName="Coinreel" />);
    const off = () => click('Turn off two-step verification');
    off();
    expect(await screen.findByText(TOTP_REQUIRED_MESSAGE)).toBeTruthy();
    const box = () => document.getElementById('two-step-disable-totp') as HTMLInputElement;
    fireEvent.change(box(), { target: { value: '000000' } });
    off();
    expect(await screen.findByText(TOTP_INVALID_MESSAGE)).toBeTruthy();
    expect(box().getAttribute('aria-invalid')).toBe('true');
    // A 401 asking for a code is not an ended session: no toast about it, no trip to /login.
    await Bun.sleep(1100);
    expect(seen.went).toEqual([]);
    expect(seen.toasts.map((t) => t.message)).not.toContain('Session expired. Please log in again.');
    fireEvent.change(box(), { target: { value: codeFor(secret, clock.t) } });
    off();
    expect(await screen.findByRole('button', { name: 'Turn on two-step verification' })).toBeTruthy();
    expect(await app.deps.twoStep.isOn(p.userId)).toBe(false);
  });

  test('new recovery codes: with a code, ten new ones are shown', async () => {
    const p = await createPlayer(app);
    const { recoveryCodes } = await turnOnTwoStep(app, p, clock.t);
    signedIn(p);
    render(<TwoStepSettings enabled siteName="Coinreel" />);
    fireEvent.change(document.getElementById('two-step-regenerate-totp')!, { target: { value: recoveryCodes[0] } });
    click('Get new recovery codes');
    expect(await screen.findByText('Save your recovery codes')).toBeTruthy();
    const fresh = [...document.querySelectorAll('.recovery-code-list code')].map((c) => c.textContent);
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[1]);
  });

  test('the first HTML of a plain post: the set-up under way, or the new codes', () => {
    render(<TwoStepSettings enabled={false} siteName="Coinreel" form={{ action: '2fa-setup', values: { secret: 'ABCDEFGHIJKLMNOP', otpauthUrl: 'otpauth://totp/x?secret=ABCDEFGHIJKLMNOP', qrSvg: '<svg/>' }, errors: { code: 'Wrong' } }} />);
    expect(screen.getByLabelText('Manual key').textContent).toBe('ABCD EFGH IJKL MNOP');
    expect(screen.getByText('Wrong')).toBeTruthy();
    cleanup();
    render(<TwoStepSettings enabled siteName="Coinreel" form={{ action: '2fa-codes', values: { recoveryCodes: 'aaaaa-bbbbb ccccc-ddddd' }, errors: {} }} />);
    expect([...document.querySelectorAll('.recovery-code-list code')].map((c) => c.textContent)).toEqual(['aaaaa-bbbbb', 'ccccc-ddddd']);
  });
});

describe('TwoStepSettings, an operator with OPERATOR_TWO_STEP=required', () => {
  test('the right code says to check the e-mail (no recovery codes); the link can be sent again; a later visit shows it too', async () => {
    const strict = await makeClockedApp(clock, { OPERATOR_TWO_STEP: 'required' });
    const op = await createOperatorUser(strict);
    const server = routeFetchTo(strict);
    server.jar.set('token', op.token);
    render(<TwoStepSettings enabled={false} siteName="Coinreel" confirmsByEmail />);
    expect(screen.getByText(/it then turns on once you open a link we e-mail to your address/)).toBeTruthy();
    click('Turn on two-step verification');
    const key = (await screen.findByLabelText('Manual key')).textContent!.replace(/\s/g, '');
    type('Code from the app', codeFor(key, clock.t));
    type('Your Password', op.password);
    click('Turn on');
    expect(await screen.findByText('Check your e-mail to finish turning it on.')).toBeTruthy();
    expect(screen.getByText(op.email)).toBeTruthy();
    expect(screen.queryByText('Save your recovery codes')).toBeNull();
    click('Send the link again');
    await waitFor(() => expect(server.sent.filter((s) => s.path.endsWith('/user/2fa/confirm/resend'))).toHaveLength(1));
    cleanup();
    render(<TwoStepSettings enabled={false} siteName="Coinreel" awaiting={{ sentTo: op.email }} />);
    expect(screen.getByText('Check your e-mail to finish turning it on.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start again' })).toBeTruthy();
    expect(seen.went).toEqual([]);
    strict.deps.database.client.close();
  });
});
