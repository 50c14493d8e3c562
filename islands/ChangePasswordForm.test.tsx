import { afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { call, makeApp, type TestApp } from '../tests/helpers/app';
import { islandDom, routeFetchTo, watchIslands } from '../tests/helpers/islands';
import { createPlayer } from '../tests/helpers/players';
import ChangePasswordForm from './ChangePasswordForm';

const { render, screen, fireEvent, waitFor, cleanup } = await islandDom('http://localhost:3000/profile-setting');
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
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

async function signedIn() {
  const p = await createPlayer(app);
  const server = routeFetchTo(app);
  server.jar.set('token', p.token);
  return { p, server };
}

describe('ChangePasswordForm against the real API', () => {
  test('every rule of spec §5 in its words, shown after submit and cleared as corrected', async () => {
    const { server } = await signedIn();
    render(<ChangePasswordForm />);
    submit();
    expect(await screen.findByText('Current password is required')).toBeTruthy();
    expect(screen.getByText('New password is required')).toBeTruthy();
    type('Current Password', 'Secret123!');
    expect(screen.queryByText('Current password is required')).toBeNull();
    type('New Password', 'Short1!');
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    type('New Password', 'nouppercase1!');
    expect(screen.getByText('Password must contain at least one uppercase letter, one lowercase letter, and one number')).toBeTruthy();
    type('New Password', 'Secret123!');
    expect(screen.getByText('Current password and new password cannot be same')).toBeTruthy();
    type('New Password', 'Another456?');
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    type('Confirm New Password', 'Another456?');
    expect(screen.queryByText('Passwords do not match')).toBeNull();
    expect(server.sent).toEqual([]);
  });

  test('each field has its own show/hide toggle', async () => {
    await signedIn();
    render(<ChangePasswordForm />);
    const input = screen.getByLabelText('New Password') as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show new password' }));
    expect(input.type).toBe('text');
    expect((screen.getByLabelText('Current Password') as HTMLInputElement).type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Hide new password' }));
    expect(input.type).toBe('password');
  });

  test('a wrong current password is refused at that field; nothing changes', async () => {
    const { p } = await signedIn();
    render(<ChangePasswordForm />);
    type('Current Password', 'Not-the-one1');
    type('New Password', 'Another456?');
    type('Confirm New Password', 'Another456?');
    submit();
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();
    expect(seen.toasts).toEqual([]);
    expect((await call(app, 'POST', '/api/v1/login', { email: p.email, password: p.password, userType: 'USER' })).status).toBe(200);
  });

  test('success: the server message as a toast, the three fields cleared, and only the new password logs in', async () => {
    const { p, server } = await signedIn();
    render(<ChangePasswordForm />);
    type('Current Password', p.password);
    type('New Password', 'Another456?');
    type('Confirm New Password', 'Another456?');
    submit();
    await waitFor(() => expect(seen.toasts).toEqual([{ kind: 'success', message: 'Password Changed Successfully', id: 'password-changed' }]));
    expect([valueOf('Current Password'), valueOf('New Password'), valueOf('Confirm New Password')]).toEqual(['', '', '']);
    expect(screen.queryByText('New password is required')).toBeNull();
    expect(server.sent[0]!.body).toEqual({ currentPassword: p.password, newPassword: 'Another456?' });
    expect((await call(app, 'POST', '/api/v1/login', { email: p.email, password: p.password, userType: 'USER' })).status).toBe(401);
    expect((await call(app, 'POST', '/api/v1/login', { email: p.email, password: 'Another456?', userType: 'USER' })).status).toBe(200);
  });
});
