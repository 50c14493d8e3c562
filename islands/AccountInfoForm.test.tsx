import { afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { makeApp, type TestApp } from '../tests/helpers/app';
import { islandDom, routeFetchTo, watchIslands } from '../tests/helpers/islands';
import { createPlayer, type TestPlayer } from '../tests/helpers/players';
import AccountInfoForm from './AccountInfoForm';

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
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Update' }));
const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

async function signedIn(): Promise<{ p: TestPlayer; server: ReturnType<typeof routeFetchTo> }> {
  const p = await createPlayer(app, { name: 'Ada Lovelace' });
  const server = routeFetchTo(app);
  server.jar.set('token', p.token);
  return { p, server };
}
const row = async (id: string) => (await app.deps.database.client.execute({ sql: 'SELECT name, phone_no, email, pending_email FROM users WHERE id = ?', args: [id] })).rows[0]!;

describe('AccountInfoForm against the real API', () => {
  test('spec §5 messages after submit, clearing per field as each is corrected; nothing sent meanwhile', async () => {
    const { p, server } = await signedIn();
    render(<AccountInfoForm user={{ name: 'Ada Lovelace', phoneNo: '', email: p.email, pendingEmail: null }} />);
    expect(valueOf('Name')).toBe('Ada Lovelace');
    type('Name', 'A');
    type('Phone Number', '12345');
    type('Email', '');
    expect(screen.queryByText('Email is required')).toBeNull();
    submit();
    expect(await screen.findByText('Name should be 2 to 50 characters long')).toBeTruthy();
    expect(screen.getByText('Phone number must be 10 to 15 digits')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    type('Email', 'not-an-address');
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    type('Phone Number', '5551234567');
    expect(screen.queryByText('Phone number must be 10 to 15 digits')).toBeNull();
    expect(screen.getByText('Name should be 2 to 50 characters long')).toBeTruthy();
    expect(server.sent).toEqual([]);
  });

  test('success: Updating..., the server message as a toast, saved for this player and read back', async () => {
    const { p, server } = await signedIn();
    render(<AccountInfoForm user={{ name: 'Ada Lovelace', phoneNo: '', email: p.email, pendingEmail: null }} />);
    type('Name', '  Grace Hopper ');
    type('Phone Number', '5551234567');
    const release = server.pause();
    submit();
    const busy = await screen.findByRole('button', { name: 'Updating...' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(busy); // a second press while the first runs sends nothing
    release();
    await waitFor(() => expect(seen.toasts).toEqual([{ kind: 'success', message: 'Profile Updated Successfully', id: 'profile-updated' }]));
    await waitFor(() => expect(server.sent.map((s) => s.path)).toEqual(['/api/v1/user/update-profile', '/api/v1/user/details']));
    expect(server.sent[0]!.body).toEqual({ name: 'Grace Hopper', phoneNo: '5551234567', email: p.email });
    await waitFor(() => expect(valueOf('Name')).toBe('Grace Hopper'));
    expect(await row(p.userId)).toMatchObject({ name: 'Grace Hopper', phone_no: '5551234567', email: p.email });
  });

  test('a new e-mail waits for verification: the form keeps the old one and says where the link went', async () => {
    const { p } = await signedIn();
    render(<AccountInfoForm user={{ name: 'Ada Lovelace', phoneNo: '', email: p.email, pendingEmail: null }} />);
    type('Email', 'New.Address@Example.com');
    type('Your Password', p.password);
    submit();
    expect(await screen.findByText(/Your email changes to it once you open that link/)).toBeTruthy();
    expect(screen.getByText('new.address@example.com')).toBeTruthy();
    expect(valueOf('Email')).toBe(p.email);
    expect(seen.toasts[0]!.message).toContain('Profile Updated Successfully');
    expect(await row(p.userId)).toMatchObject({ email: p.email, pending_email: 'new.address@example.com' });
  });

  test('an address another player holds is refused at the email field without a toast', async () => {
    const other = await createPlayer(app);
    const { p } = await signedIn();
    render(<AccountInfoForm user={{ name: 'Ada Lovelace', phoneNo: '', email: p.email, pendingEmail: null }} />);
    type('Email', other.email);
    type('Your Password', p.password);
    submit();
    expect(await screen.findByText('An account with this email already exists.')).toBeTruthy();
    expect(seen.toasts).toEqual([]);
    expect(await row(p.userId)).toMatchObject({ email: p.email, pending_email: null });
  });

  test('a new e-mail asks for the current password: none is refused before sending, a wrong one at the field', async () => {
    const { p, server } = await signedIn();
    render(<AccountInfoForm user={{ name: 'Ada Lovelace', phoneNo: '', email: p.email, pendingEmail: null }} />);
    expect(screen.queryByLabelText('Your Password')).toBeNull();
    type('Email', 'taken.over@example.com');
    submit();
    expect(await screen.findByText('Current password is required')).toBeTruthy();
    expect(server.sent).toEqual([]);
    type('Your Password', 'Wrong-guess1!');
    submit();
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();
    expect(server.sent[0]!.body).toEqual({ name: 'Ada Lovelace', phoneNo: '', email: 'taken.over@example.com', currentPassword: 'Wrong-guess1!' });
    expect(await row(p.userId)).toMatchObject({ email: p.email, pending_email: null });
  });

  test('a revoked session: Session expired toast and /login a second later; nothing saved', async () => {
    const { p } = await signedIn();
    await app.deps.database.client.execute({ sql: 'UPDATE sessions SET revoked_at = ? WHERE id = ?', args: [Date.now(), p.sessionId] });
    render(<AccountInfoForm user={{ name: 'Ada Lovelace', phoneNo: '', email: p.email, pendingEmail: null }} />);
    type('Name', 'Mallory');
    submit();
    await waitFor(() => expect(seen.toasts).toEqual([{ kind: 'error', message: 'Session expired. Please log in again.', id: 'session-expired' }]));
    // Back to this page after signing in again.
    await waitFor(() => expect(seen.went).toEqual([{ how: 'assign', path: '/login?next=%2Fprofile-setting' }]), { timeout: 2000 });
    expect(await row(p.userId)).toMatchObject({ name: 'Ada Lovelace' });
  });
});
